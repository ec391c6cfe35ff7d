// A program that reads its sizes with getopt_long is followed as it parses
// the command line given with --args: operands may come before the options
// (GNU moves them after), `-d WxH` is split with strstr, and without
// arguments the defaults hold.
// RUN: %rl-analyze %s --no-config --no-resources --format=json --args "in.bmp -d 1024x768 --levels=2 -v" | %python %inputs/launches.py | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=DEFAULT
#include <getopt.h>
#include <cstdlib>
#include <cstring>
__global__ void level(float *img, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < w * h)
    img[x] *= 0.5f;
}
int main(int argc, char **argv) {
  static struct option longopts[] = {{"dimension", required_argument, 0, 'd'},
                                     {"levels", required_argument, 0, 'l'},
                                     {"verbose", no_argument, 0, 'v'},
                                     {0, 0, 0, 0}};
  int w = 256, h = 256, levels = 1, ch, index;
  while ((ch = getopt_long(argc, argv, "d:l:v", longopts, &index)) != -1) {
    switch (ch) {
    case 'd': {
      w = atoi(optarg);
      char *pos = strstr(optarg, "x");
      if (pos == NULL)
        return 1;
      h = atoi(pos + 1);
      break;
    }
    case 'l':
      levels = atoi(optarg);
      break;
    case 'v':
      break;
    default:
      return 1;
    }
  }
  if (argc - optind < 1 && argc > 1)
    return 1;
  float *img;
  cudaMalloc(&img, w * h * sizeof(float));
  for (int l = 0; l < levels; ++l) {
    level<<<(w * h + 255) / 256, 256>>>(img, w, h);
    w /= 2;
    h /= 2;
  }
  return 0;
}
// CHECK: level grid=3072x1x1 block=256x1x1 args=h=768,w=1024 chain=main count=1
// CHECK: level grid=768x1x1 block=256x1x1 args=h=384,w=512 chain=main count=1
// CHECK-NEXT: entries: 2
// DEFAULT: level grid=256x1x1 block=256x1x1 args=h=256,w=256 chain=main count=1
// DEFAULT: entries: 1
