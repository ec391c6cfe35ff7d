// A class whose constructor and launching method are defined in
// engine-kernels.cu and used from engine-main.cpp.
template <typename Real> class Engine {
public:
  Engine(unsigned numSims, unsigned blockSize);
  void run(Real *out);

private:
  unsigned NumSims;
  unsigned BlockSize;
};
