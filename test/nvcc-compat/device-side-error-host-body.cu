// nvcc accepts inline PTX operands without a comma between them; clang's
// device-side parse rejects them. The kernel keeps its host-side body, the
// assumption says why (printed with --verbose), and the error is a warning,
// not a rejection.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --gpu H200 --verbose 2>&1 | FileCheck %s
// CHECK: warning: clang: expected ')' (compiling for sm_90) [rl-frontend-error]
// CHECK: store  ({{.*}}device-side-error-host-body.cu:[[@LINE+2]]:17)
// CHECK: assumes: body from the host-side parse: the sm_90 device-side parse has an error
__global__ void store(unsigned char *p, unsigned char v) {
#if __CUDA_ARCH__ < 700
  *(volatile unsigned char *)p = v;
#else
  unsigned int r = v;
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(r) "l"(p) : "memory");
#endif
}
int main() { store<<<1, 1>>>(nullptr, 1); }
