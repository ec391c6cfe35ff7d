"""Makes DEST look like the CUDA toolkit at SRC (headers, libraries, libdevice)
but without bin/nvcc: links every top-level entry except bin."""
import os
import sys

src, dest = sys.argv[1], sys.argv[2]
os.makedirs(os.path.join(dest, "bin"), exist_ok=True)
for name in os.listdir(src):
    if name != "bin" and not os.path.exists(os.path.join(dest, name)):
        os.symlink(os.path.join(src, name), os.path.join(dest, name))
