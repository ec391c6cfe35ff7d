// Input of sarif.test: a verdict, a warning and a suppressed warning.
__device__ float mystery(float v);
__device__ float other(float v);

void launch(const float *x, float *y);
__global__ void busy(const float *x, float *y) {
  y[0] = mystery(x[0]);
  y[1] = other(x[1]); // rl-analyze: ignore[rl-opaque-call]
}
void launch(const float *x, float *y) { busy<<<1, 32>>>(x, y); }
