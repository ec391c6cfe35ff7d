//===- LocalMemory.h - Spills and local arrays through the caches -*- C++
//-*-===//
///
/// \file
/// Registers ptxas spills and arrays it cannot keep in registers live in
/// local memory: each thread's own stack frame, which the compiled code
/// reads and writes with LDL and STL. Local memory is cached like global
/// memory. Every local access is an L1 access; what L1 does not hold goes
/// to L2, and what L2 does not hold goes to DRAM (loads as reads, stores
/// as the write-back of the lines they dirty).
///
/// What each cache holds is the share of the resident threads' frames that
/// fits in it. The L1 keeps the part of the frames of one SM's resident
/// threads that the L1 left beside shared memory holds. The L2 is shared
/// by every SM's frames and the launch's own data (its footprint, at most
/// the L2), in proportion to their sizes. Within a cache's share every
/// access hits; beyond it every access misses.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LOCALMEMORY_H
#define RLA_MODELS_LOCALMEMORY_H

namespace rla {

struct LocalMemoryInput {
  /// Thread bytes the launch's LDL and STL move (each lane's own).
  double LoadBytes = 0, StoreBytes = 0;
  /// One thread's stack frame (ptxas "bytes stack frame").
  double FrameBytes = 0;
  double ResidentThreadsPerSm = 0;
  double Sms = 0;
  /// One SM's L1 beside the shared memory of its resident blocks.
  double L1BytesPerSm = 0;
  double L2Bytes = 0; ///< the GPU's L2 capacity
  /// The launch's own data in L2 besides the frames: its footprint.
  double DataBytes = 0;
};

struct LocalMemoryTraffic {
  double LoadBytes = 0, StoreBytes = 0; ///< what L1 serves
  /// Shares of the accesses that hit: in L1, and of L1's misses in L2.
  double L1HitShare = 0, L2HitShare = 0;
  double L2Bytes = 0; ///< L1's misses
  double DramReadBytes = 0, DramWriteBytes = 0;
  double l1Bytes() const { return LoadBytes + StoreBytes; }
  double dramBytes() const { return DramReadBytes + DramWriteBytes; }
};

/// Nothing moves without local loads or stores; a frame of 0 bytes (no
/// ptxas report) is taken as held by both caches.
LocalMemoryTraffic localMemoryTraffic(const LocalMemoryInput &In);

} // namespace rla

#endif // RLA_MODELS_LOCALMEMORY_H
