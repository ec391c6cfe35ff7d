//===- TextureFunctions.cpp - Texture and surface fetches -----------------===//
#include "analyzer/cuda/TextureFunctions.h"

#include "llvm/ADT/StringRef.h"

namespace rla {

TextureCall classifyTextureCall(const std::string &Name) {
  llvm::StringRef N(Name);
  static const char *Shapes[] = {"1D", "2D", "3D", "Cubemap"};
  for (const char *Shape : Shapes) {
    if (N.starts_with(std::string("tex") + Shape))
      return TextureCall::Fetch;
    if (!N.starts_with(std::string("surf") + Shape))
      continue;
    if (N.ends_with("read"))
      return TextureCall::SurfaceRead;
    if (N.ends_with("write"))
      return TextureCall::SurfaceWrite;
  }
  return TextureCall::None;
}

} // namespace rla
