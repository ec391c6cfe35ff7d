//===- rl_analyze_nvcc_compat.h - What nvcc's implicit includes provide ---===//
//
// Included (-include) by rl-analyze after clang's CUDA runtime wrapper, so
// that code nvcc compiles also parses with clang:
//  - nvcc's crt/common_functions.h and crt/math_functions.h include these C
//    and C++ headers for host code, and bring isnan/isfinite/isinf into the
//    global namespace;
//  - nvcc's min/max overloads are __host__ __device__; clang's are device-only,
//    so host code calling min(a, b) needs the __host__ half;
//  - sm_32_intrinsics.h cache-hint loads/stores clang's wrapper lacks
//    (__ldca, __ldlu, __stcg, __stcs, __stwb) for every type nvcc offers.
// A system header: the analyzer counts calls into it by name, as intrinsics.
//===----------------------------------------------------------------------===//
#pragma clang system_header
#ifndef RL_ANALYZE_NVCC_COMPAT_H
#define RL_ANALYZE_NVCC_COMPAT_H
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __cplusplus
#include <cmath>
#include <cstdlib>
#include <new>
using std::isfinite;
using std::isinf;
using std::isnan;
using std::signbit;

__host__ inline int min(int __a, int __b) { return (int)__a < (int)__b ? (int)__a : (int)__b; }
__host__ inline unsigned int min(unsigned int __a, unsigned int __b) { return (unsigned int)__a < (unsigned int)__b ? (unsigned int)__a : (unsigned int)__b; }
__host__ inline unsigned int min(int __a, unsigned int __b) { return (unsigned int)__a < (unsigned int)__b ? (unsigned int)__a : (unsigned int)__b; }
__host__ inline unsigned int min(unsigned int __a, int __b) { return (unsigned int)__a < (unsigned int)__b ? (unsigned int)__a : (unsigned int)__b; }
__host__ inline long min(long __a, long __b) { return (long)__a < (long)__b ? (long)__a : (long)__b; }
__host__ inline unsigned long min(unsigned long __a, unsigned long __b) { return (unsigned long)__a < (unsigned long)__b ? (unsigned long)__a : (unsigned long)__b; }
__host__ inline unsigned long min(long __a, unsigned long __b) { return (unsigned long)__a < (unsigned long)__b ? (unsigned long)__a : (unsigned long)__b; }
__host__ inline unsigned long min(unsigned long __a, long __b) { return (unsigned long)__a < (unsigned long)__b ? (unsigned long)__a : (unsigned long)__b; }
__host__ inline long long min(long long __a, long long __b) { return (long long)__a < (long long)__b ? (long long)__a : (long long)__b; }
__host__ inline unsigned long long min(unsigned long long __a, unsigned long long __b) { return (unsigned long long)__a < (unsigned long long)__b ? (unsigned long long)__a : (unsigned long long)__b; }
__host__ inline unsigned long long min(long long __a, unsigned long long __b) { return (unsigned long long)__a < (unsigned long long)__b ? (unsigned long long)__a : (unsigned long long)__b; }
__host__ inline unsigned long long min(unsigned long long __a, long long __b) { return (unsigned long long)__a < (unsigned long long)__b ? (unsigned long long)__a : (unsigned long long)__b; }
__host__ inline float min(float __a, float __b) { return (float)__a < (float)__b ? (float)__a : (float)__b; }
__host__ inline double min(double __a, double __b) { return (double)__a < (double)__b ? (double)__a : (double)__b; }
__host__ inline double min(float __a, double __b) { return (double)__a < (double)__b ? (double)__a : (double)__b; }
__host__ inline double min(double __a, float __b) { return (double)__a < (double)__b ? (double)__a : (double)__b; }
__host__ inline int max(int __a, int __b) { return (int)__a > (int)__b ? (int)__a : (int)__b; }
__host__ inline unsigned int max(unsigned int __a, unsigned int __b) { return (unsigned int)__a > (unsigned int)__b ? (unsigned int)__a : (unsigned int)__b; }
__host__ inline unsigned int max(int __a, unsigned int __b) { return (unsigned int)__a > (unsigned int)__b ? (unsigned int)__a : (unsigned int)__b; }
__host__ inline unsigned int max(unsigned int __a, int __b) { return (unsigned int)__a > (unsigned int)__b ? (unsigned int)__a : (unsigned int)__b; }
__host__ inline long max(long __a, long __b) { return (long)__a > (long)__b ? (long)__a : (long)__b; }
__host__ inline unsigned long max(unsigned long __a, unsigned long __b) { return (unsigned long)__a > (unsigned long)__b ? (unsigned long)__a : (unsigned long)__b; }
__host__ inline unsigned long max(long __a, unsigned long __b) { return (unsigned long)__a > (unsigned long)__b ? (unsigned long)__a : (unsigned long)__b; }
__host__ inline unsigned long max(unsigned long __a, long __b) { return (unsigned long)__a > (unsigned long)__b ? (unsigned long)__a : (unsigned long)__b; }
__host__ inline long long max(long long __a, long long __b) { return (long long)__a > (long long)__b ? (long long)__a : (long long)__b; }
__host__ inline unsigned long long max(unsigned long long __a, unsigned long long __b) { return (unsigned long long)__a > (unsigned long long)__b ? (unsigned long long)__a : (unsigned long long)__b; }
__host__ inline unsigned long long max(long long __a, unsigned long long __b) { return (unsigned long long)__a > (unsigned long long)__b ? (unsigned long long)__a : (unsigned long long)__b; }
__host__ inline unsigned long long max(unsigned long long __a, long long __b) { return (unsigned long long)__a > (unsigned long long)__b ? (unsigned long long)__a : (unsigned long long)__b; }
__host__ inline float max(float __a, float __b) { return (float)__a > (float)__b ? (float)__a : (float)__b; }
__host__ inline double max(double __a, double __b) { return (double)__a > (double)__b ? (double)__a : (double)__b; }
__host__ inline double max(float __a, double __b) { return (double)__a > (double)__b ? (double)__a : (double)__b; }
__host__ inline double max(double __a, float __b) { return (double)__a > (double)__b ? (double)__a : (double)__b; }

__device__ inline long __ldca(const long *__p) { return *__p; }
__device__ inline unsigned long __ldca(const unsigned long *__p) { return *__p; }
__device__ inline char __ldca(const char *__p) { return *__p; }
__device__ inline signed char __ldca(const signed char *__p) { return *__p; }
__device__ inline short __ldca(const short *__p) { return *__p; }
__device__ inline int __ldca(const int *__p) { return *__p; }
__device__ inline long long __ldca(const long long *__p) { return *__p; }
__device__ inline char2 __ldca(const char2 *__p) { return *__p; }
__device__ inline char4 __ldca(const char4 *__p) { return *__p; }
__device__ inline short2 __ldca(const short2 *__p) { return *__p; }
__device__ inline short4 __ldca(const short4 *__p) { return *__p; }
__device__ inline int2 __ldca(const int2 *__p) { return *__p; }
__device__ inline int4 __ldca(const int4 *__p) { return *__p; }
__device__ inline longlong2 __ldca(const longlong2 *__p) { return *__p; }
__device__ inline unsigned char __ldca(const unsigned char *__p) { return *__p; }
__device__ inline unsigned short __ldca(const unsigned short *__p) { return *__p; }
__device__ inline unsigned int __ldca(const unsigned int *__p) { return *__p; }
__device__ inline unsigned long long __ldca(const unsigned long long *__p) { return *__p; }
__device__ inline uchar2 __ldca(const uchar2 *__p) { return *__p; }
__device__ inline uchar4 __ldca(const uchar4 *__p) { return *__p; }
__device__ inline ushort2 __ldca(const ushort2 *__p) { return *__p; }
__device__ inline ushort4 __ldca(const ushort4 *__p) { return *__p; }
__device__ inline uint2 __ldca(const uint2 *__p) { return *__p; }
__device__ inline uint4 __ldca(const uint4 *__p) { return *__p; }
__device__ inline ulonglong2 __ldca(const ulonglong2 *__p) { return *__p; }
__device__ inline float __ldca(const float *__p) { return *__p; }
__device__ inline double __ldca(const double *__p) { return *__p; }
__device__ inline float2 __ldca(const float2 *__p) { return *__p; }
__device__ inline float4 __ldca(const float4 *__p) { return *__p; }
__device__ inline double2 __ldca(const double2 *__p) { return *__p; }
__device__ inline long __ldlu(const long *__p) { return *__p; }
__device__ inline unsigned long __ldlu(const unsigned long *__p) { return *__p; }
__device__ inline char __ldlu(const char *__p) { return *__p; }
__device__ inline signed char __ldlu(const signed char *__p) { return *__p; }
__device__ inline short __ldlu(const short *__p) { return *__p; }
__device__ inline int __ldlu(const int *__p) { return *__p; }
__device__ inline long long __ldlu(const long long *__p) { return *__p; }
__device__ inline char2 __ldlu(const char2 *__p) { return *__p; }
__device__ inline char4 __ldlu(const char4 *__p) { return *__p; }
__device__ inline short2 __ldlu(const short2 *__p) { return *__p; }
__device__ inline short4 __ldlu(const short4 *__p) { return *__p; }
__device__ inline int2 __ldlu(const int2 *__p) { return *__p; }
__device__ inline int4 __ldlu(const int4 *__p) { return *__p; }
__device__ inline longlong2 __ldlu(const longlong2 *__p) { return *__p; }
__device__ inline unsigned char __ldlu(const unsigned char *__p) { return *__p; }
__device__ inline unsigned short __ldlu(const unsigned short *__p) { return *__p; }
__device__ inline unsigned int __ldlu(const unsigned int *__p) { return *__p; }
__device__ inline unsigned long long __ldlu(const unsigned long long *__p) { return *__p; }
__device__ inline uchar2 __ldlu(const uchar2 *__p) { return *__p; }
__device__ inline uchar4 __ldlu(const uchar4 *__p) { return *__p; }
__device__ inline ushort2 __ldlu(const ushort2 *__p) { return *__p; }
__device__ inline ushort4 __ldlu(const ushort4 *__p) { return *__p; }
__device__ inline uint2 __ldlu(const uint2 *__p) { return *__p; }
__device__ inline uint4 __ldlu(const uint4 *__p) { return *__p; }
__device__ inline ulonglong2 __ldlu(const ulonglong2 *__p) { return *__p; }
__device__ inline float __ldlu(const float *__p) { return *__p; }
__device__ inline double __ldlu(const double *__p) { return *__p; }
__device__ inline float2 __ldlu(const float2 *__p) { return *__p; }
__device__ inline float4 __ldlu(const float4 *__p) { return *__p; }
__device__ inline double2 __ldlu(const double2 *__p) { return *__p; }
__device__ inline void __stcg(long *__p, long __v) { *__p = __v; }
__device__ inline void __stcg(unsigned long *__p, unsigned long __v) { *__p = __v; }
__device__ inline void __stcg(char *__p, char __v) { *__p = __v; }
__device__ inline void __stcg(signed char *__p, signed char __v) { *__p = __v; }
__device__ inline void __stcg(short *__p, short __v) { *__p = __v; }
__device__ inline void __stcg(int *__p, int __v) { *__p = __v; }
__device__ inline void __stcg(long long *__p, long long __v) { *__p = __v; }
__device__ inline void __stcg(char2 *__p, char2 __v) { *__p = __v; }
__device__ inline void __stcg(char4 *__p, char4 __v) { *__p = __v; }
__device__ inline void __stcg(short2 *__p, short2 __v) { *__p = __v; }
__device__ inline void __stcg(short4 *__p, short4 __v) { *__p = __v; }
__device__ inline void __stcg(int2 *__p, int2 __v) { *__p = __v; }
__device__ inline void __stcg(int4 *__p, int4 __v) { *__p = __v; }
__device__ inline void __stcg(longlong2 *__p, longlong2 __v) { *__p = __v; }
__device__ inline void __stcg(unsigned char *__p, unsigned char __v) { *__p = __v; }
__device__ inline void __stcg(unsigned short *__p, unsigned short __v) { *__p = __v; }
__device__ inline void __stcg(unsigned int *__p, unsigned int __v) { *__p = __v; }
__device__ inline void __stcg(unsigned long long *__p, unsigned long long __v) { *__p = __v; }
__device__ inline void __stcg(uchar2 *__p, uchar2 __v) { *__p = __v; }
__device__ inline void __stcg(uchar4 *__p, uchar4 __v) { *__p = __v; }
__device__ inline void __stcg(ushort2 *__p, ushort2 __v) { *__p = __v; }
__device__ inline void __stcg(ushort4 *__p, ushort4 __v) { *__p = __v; }
__device__ inline void __stcg(uint2 *__p, uint2 __v) { *__p = __v; }
__device__ inline void __stcg(uint4 *__p, uint4 __v) { *__p = __v; }
__device__ inline void __stcg(ulonglong2 *__p, ulonglong2 __v) { *__p = __v; }
__device__ inline void __stcg(float *__p, float __v) { *__p = __v; }
__device__ inline void __stcg(double *__p, double __v) { *__p = __v; }
__device__ inline void __stcg(float2 *__p, float2 __v) { *__p = __v; }
__device__ inline void __stcg(float4 *__p, float4 __v) { *__p = __v; }
__device__ inline void __stcg(double2 *__p, double2 __v) { *__p = __v; }
__device__ inline void __stcs(long *__p, long __v) { *__p = __v; }
__device__ inline void __stcs(unsigned long *__p, unsigned long __v) { *__p = __v; }
__device__ inline void __stcs(char *__p, char __v) { *__p = __v; }
__device__ inline void __stcs(signed char *__p, signed char __v) { *__p = __v; }
__device__ inline void __stcs(short *__p, short __v) { *__p = __v; }
__device__ inline void __stcs(int *__p, int __v) { *__p = __v; }
__device__ inline void __stcs(long long *__p, long long __v) { *__p = __v; }
__device__ inline void __stcs(char2 *__p, char2 __v) { *__p = __v; }
__device__ inline void __stcs(char4 *__p, char4 __v) { *__p = __v; }
__device__ inline void __stcs(short2 *__p, short2 __v) { *__p = __v; }
__device__ inline void __stcs(short4 *__p, short4 __v) { *__p = __v; }
__device__ inline void __stcs(int2 *__p, int2 __v) { *__p = __v; }
__device__ inline void __stcs(int4 *__p, int4 __v) { *__p = __v; }
__device__ inline void __stcs(longlong2 *__p, longlong2 __v) { *__p = __v; }
__device__ inline void __stcs(unsigned char *__p, unsigned char __v) { *__p = __v; }
__device__ inline void __stcs(unsigned short *__p, unsigned short __v) { *__p = __v; }
__device__ inline void __stcs(unsigned int *__p, unsigned int __v) { *__p = __v; }
__device__ inline void __stcs(unsigned long long *__p, unsigned long long __v) { *__p = __v; }
__device__ inline void __stcs(uchar2 *__p, uchar2 __v) { *__p = __v; }
__device__ inline void __stcs(uchar4 *__p, uchar4 __v) { *__p = __v; }
__device__ inline void __stcs(ushort2 *__p, ushort2 __v) { *__p = __v; }
__device__ inline void __stcs(ushort4 *__p, ushort4 __v) { *__p = __v; }
__device__ inline void __stcs(uint2 *__p, uint2 __v) { *__p = __v; }
__device__ inline void __stcs(uint4 *__p, uint4 __v) { *__p = __v; }
__device__ inline void __stcs(ulonglong2 *__p, ulonglong2 __v) { *__p = __v; }
__device__ inline void __stcs(float *__p, float __v) { *__p = __v; }
__device__ inline void __stcs(double *__p, double __v) { *__p = __v; }
__device__ inline void __stcs(float2 *__p, float2 __v) { *__p = __v; }
__device__ inline void __stcs(float4 *__p, float4 __v) { *__p = __v; }
__device__ inline void __stcs(double2 *__p, double2 __v) { *__p = __v; }
__device__ inline void __stwb(long *__p, long __v) { *__p = __v; }
__device__ inline void __stwb(unsigned long *__p, unsigned long __v) { *__p = __v; }
__device__ inline void __stwb(char *__p, char __v) { *__p = __v; }
__device__ inline void __stwb(signed char *__p, signed char __v) { *__p = __v; }
__device__ inline void __stwb(short *__p, short __v) { *__p = __v; }
__device__ inline void __stwb(int *__p, int __v) { *__p = __v; }
__device__ inline void __stwb(long long *__p, long long __v) { *__p = __v; }
__device__ inline void __stwb(char2 *__p, char2 __v) { *__p = __v; }
__device__ inline void __stwb(char4 *__p, char4 __v) { *__p = __v; }
__device__ inline void __stwb(short2 *__p, short2 __v) { *__p = __v; }
__device__ inline void __stwb(short4 *__p, short4 __v) { *__p = __v; }
__device__ inline void __stwb(int2 *__p, int2 __v) { *__p = __v; }
__device__ inline void __stwb(int4 *__p, int4 __v) { *__p = __v; }
__device__ inline void __stwb(longlong2 *__p, longlong2 __v) { *__p = __v; }
__device__ inline void __stwb(unsigned char *__p, unsigned char __v) { *__p = __v; }
__device__ inline void __stwb(unsigned short *__p, unsigned short __v) { *__p = __v; }
__device__ inline void __stwb(unsigned int *__p, unsigned int __v) { *__p = __v; }
__device__ inline void __stwb(unsigned long long *__p, unsigned long long __v) { *__p = __v; }
__device__ inline void __stwb(uchar2 *__p, uchar2 __v) { *__p = __v; }
__device__ inline void __stwb(uchar4 *__p, uchar4 __v) { *__p = __v; }
__device__ inline void __stwb(ushort2 *__p, ushort2 __v) { *__p = __v; }
__device__ inline void __stwb(ushort4 *__p, ushort4 __v) { *__p = __v; }
__device__ inline void __stwb(uint2 *__p, uint2 __v) { *__p = __v; }
__device__ inline void __stwb(uint4 *__p, uint4 __v) { *__p = __v; }
__device__ inline void __stwb(ulonglong2 *__p, ulonglong2 __v) { *__p = __v; }
__device__ inline void __stwb(float *__p, float __v) { *__p = __v; }
__device__ inline void __stwb(double *__p, double __v) { *__p = __v; }
__device__ inline void __stwb(float2 *__p, float2 __v) { *__p = __v; }
__device__ inline void __stwb(float4 *__p, float4 __v) { *__p = __v; }
__device__ inline void __stwb(double2 *__p, double2 __v) { *__p = __v; }
#endif // __cplusplus
#endif // RL_ANALYZE_NVCC_COMPAT_H
