/* The C main of cross-file-c-main.cu: built by the C compiler, as Rodinia's
   backprop builds facetrain.c (a K&R definition, malloc without a cast). */
#include <stdlib.h>

void run_layer(float *in, int n, int hidden);

int setup(argc, argv)
int argc;
char *argv[];
{
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  float *in = malloc(n * sizeof(float));
  run_layer(in, n, 16);
  return 0;
}

int main(int argc, char **argv) { return setup(argc, argv); }
