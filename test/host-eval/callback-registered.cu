// A function handed to a library that calls it back (glutDisplayFunc, a
// thread start routine) runs after main, with the globals main set; how often
// the library calls it is not known, so its launches have no count.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void shade(unsigned *pixels, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    pixels[y * width + x] = x ^ y;
}
void glutDisplayFunc(void (*)(void));
void glutKeyboardFunc(void (*)(unsigned char, int, int));
void glutMainLoop();
unsigned *pixels;
int width = 256, height = 256;
void render(int w, int h) {
  dim3 block(16, 16);
  dim3 grid(w / block.x, h / block.y);
  shade<<<grid, block>>>(pixels, w, h);
}
void display() { render(width, height); }
void keyboard(unsigned char key, int, int) {
  shade<<<key, 32>>>(pixels, 32, 1);
}
int main() {
  width = 1024;
  height = 768;
  cudaMalloc(&pixels, width * height * 4);
  glutDisplayFunc(display);
  glutKeyboardFunc(&keyboard);
  glutMainLoop();
  return 0;
}
// CHECK: shade grid=64x48x1 block=16x16x1 args=height=768,width=1024 chain=display (called back by 'glutDisplayFunc' at callback-registered.cu:29) -> render(w=1024, h=768) count=?
// CHECK-NEXT: note: runs when 'glutDisplayFunc' at callback-registered.cu:29 calls 'display' back; how often is not known
// CHECK-NEXT: shade grid=?x1x1 block=32x1x1 args=height=1,width=32 chain=keyboard (called back by 'glutKeyboardFunc' at callback-registered.cu:30) count=?
// CHECK-NEXT: note: grid.x is not known from the source: 'key' is a parameter of 'keyboard', which 'glutKeyboardFunc' at callback-registered.cu:30 calls back
// CHECK-NEXT: note: runs when 'glutKeyboardFunc' at callback-registered.cu:30 calls 'keyboard' back; how often is not known
// CHECK-NEXT: entries: 2
