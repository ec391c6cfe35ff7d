//===- TextureFunctionsTest.cpp - Texture and surface calls ---------------===//
#include "analyzer/cuda/TextureFunctions.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

TEST(TextureFunctionsTest, FetchesReadsAndWrites) {
  for (const char *Fetch : {"tex1Dfetch", "tex2D", "tex3D", "tex2DLayered",
                            "texCubemap", "tex2Dgather", "tex2DLod"})
    EXPECT_EQ(classifyTextureCall(Fetch), TextureCall::Fetch) << Fetch;
  for (const char *Read : {"surf1Dread", "surf2Dread", "surf2DLayeredread"})
    EXPECT_EQ(classifyTextureCall(Read), TextureCall::SurfaceRead) << Read;
  for (const char *Write : {"surf2Dwrite", "surf3Dwrite", "surfCubemapwrite"})
    EXPECT_EQ(classifyTextureCall(Write), TextureCall::SurfaceWrite) << Write;
  for (const char *Other : {"text", "texture", "surface", "tex", "__ldg"})
    EXPECT_EQ(classifyTextureCall(Other), TextureCall::None) << Other;
}

} // namespace
