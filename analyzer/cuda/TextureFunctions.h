//===- TextureFunctions.h - Texture and surface fetches ---------*- C++ -*-===//
///
/// \file
/// The texture and surface object functions of the CUDA runtime
/// (texture_indirect_functions.h, surface_indirect_functions.h): each call
/// is one fetch by the SM's texture units, which read through L1/TEX from
/// the memory behind the object.
//===----------------------------------------------------------------------===//
#ifndef RLA_CUDA_TEXTUREFUNCTIONS_H
#define RLA_CUDA_TEXTUREFUNCTIONS_H

#include <string>

namespace rla {

enum class TextureCall { None, Fetch, SurfaceRead, SurfaceWrite };

/// tex1Dfetch, tex2D, tex2DLayered, texCubemap, tex2Dgather, tex3DLod, ...:
/// Fetch; surf2Dread, ...: SurfaceRead; surf2Dwrite, ...: SurfaceWrite.
TextureCall classifyTextureCall(const std::string &Name);

} // namespace rla

#endif // RLA_CUDA_TEXTUREFUNCTIONS_H
