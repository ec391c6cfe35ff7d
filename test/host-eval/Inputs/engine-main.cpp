#include "engine.h"
int main() {
  float *out = nullptr;
  Engine<float> engine(100000, 128);
  engine.run(out);
  return 0;
}
