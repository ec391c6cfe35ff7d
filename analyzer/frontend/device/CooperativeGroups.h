//===- CooperativeGroups.h - Ranks and sizes of cooperative groups -*- C++
//-*-===//
///
/// \file
/// The values cooperative_groups objects give a kernel's index math, as
/// expressions over the thread coordinates: `this_thread_block()`'s
/// thread_rank() and size(), `this_grid()`'s thread_rank(), size(),
/// block_rank() and num_blocks(), and a `thread_block_tile<N>`'s
/// thread_rank(), size(), meta_group_rank() and meta_group_size(), and the
/// thread_rank() of a coalesced_group made by coalesced_threads(). Ranks
/// are linear over the dimensions the kernel indexes; the others are taken
/// as 1, which the model records as an assumption that a launch checks.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_COOPERATIVEGROUPS_H
#define RLA_FRONTEND_DEVICE_COOPERATIVEGROUPS_H

#include "analyzer/ir/Expr.h"

#include "clang/AST/ExprCXX.h"

#include <array>
#include <optional>

namespace rla {

/// Which group a cooperative_groups object is.
enum class GroupKind { None, Block, Grid, Tile, Coalesced };

/// The group kind of a member call's object (also of a static member
/// called through an object) (a thread_block, grid_group,
/// thread_block_tile<N> (N in TileSize) or coalesced_group).
GroupKind groupOfCall(const clang::CallExpr *Call,
                      unsigned *TileSize = nullptr);

/// The value of a rank or size method of a group over the thread
/// coordinates of the dimensions in Dims; nullopt for other methods.
std::optional<Expr> groupValue(const clang::CallExpr *Call,
                               const std::array<bool, 3> &Dims);

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_COOPERATIVEGROUPS_H
