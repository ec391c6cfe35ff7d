//===- CostWalkerTexture.cpp - Texture and surface fetches ----------------===//
///
/// \file
/// A texture or surface call is one fetch by the texture units and a load
/// (a store for surface writes) of its texel from the memory behind the
/// object, which the kernel parameter holding the object names. Its address
/// is row-major in the coordinates with rows (and layers) wider than any
/// texture can be: the hardware's own layout is not known, but it keeps a
/// row's neighbours together and rows apart, which is what the footprint
/// and the sectors need. Coordinates the walker cannot follow leave the
/// address unknown (a gather); the host side bounds the bytes by the array
/// or buffer the object was made from either way.
//===----------------------------------------------------------------------===//
#include "analyzer/cuda/TextureFunctions.h"
#include "analyzer/frontend/device/CostWalker.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rla {
namespace {

/// Texels in a row and rows in a layer of the assumed layout: more than the
/// largest 2D texture's width (131072 = 2^17) and the largest layered or 3D
/// texture's height (32768).
constexpr int64_t RowTexels = int64_t(1) << 17;
constexpr int64_t LayerRows = int64_t(1) << 16;

/// Coordinates a texture function takes after the object: tex2D's x and y,
/// tex2DLayered's x, y and layer, tex1Dfetch's index; 0 for cubemaps,
/// whose coordinates are a direction.
unsigned coordinateCount(llvm::StringRef Name) {
  if (Name.contains("Cubemap"))
    return 0;
  unsigned N = Name.contains("1D") ? 1 : Name.contains("2D") ? 2 : 3;
  return Name.contains("Layered") ? N + 1 : N;
}

} // namespace

std::optional<Expr> CostWalker::texelCoordinate(const clang::Expr *E,
                                                bool &Normalized) const {
  E = E->IgnoreParenImpCasts();
  if (E->getType()->isIntegralOrEnumerationType())
    return converter().convert(E);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    // A coordinate variable, or a float loop counter the loop gave a value.
    if (auto It = Env.Texels.find(Ref->getDecl()); It != Env.Texels.end()) {
      Normalized |= It->second.Normalized;
      return It->second.Texel;
    }
    if (auto It = Env.Values.find(Ref->getDecl()); It != Env.Values.end())
      return It->second;
    return std::nullopt;
  }
  if (auto Whole = converter().integerAsFloat(E))
    return Whole;
  const auto *B = dyn_cast<clang::BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  // `x + 0.5f`: the centre of texel x.
  if (B->getOpcode() == BO_Add)
    if (auto C = converter().floatConstant(B->getRHS()); C && *C >= 0 && *C < 1)
      return texelCoordinate(B->getLHS(), Normalized);
  // `(x + 0.5f) / (float)width`: normalized coordinates, taken as texel x
  // of a texture `width` texels wide.
  if (B->getOpcode() == BO_Div && !E->getType()->isIntegerType()) {
    Normalized = true;
    return texelCoordinate(B->getLHS(), Normalized);
  }
  if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)
    return std::nullopt;
  auto L = texelCoordinate(B->getLHS(), Normalized);
  auto R = texelCoordinate(B->getRHS(), Normalized);
  if (!L || !R)
    return std::nullopt;
  return B->getOpcode() == BO_Add ? *L + *R : *L - *R;
}

std::optional<Expr> CostWalker::texelOffset(const CallExpr *Call,
                                            unsigned First,
                                            unsigned Coordinates, bool SurfaceX,
                                            uint64_t TexelBytes,
                                            bool &Normalized) {
  if (Coordinates == 0 || TexelBytes == 0 ||
      First + Coordinates > Call->getNumArgs())
    return std::nullopt;
  std::vector<Expr> C;
  for (unsigned D = 0; D < Coordinates; ++D) {
    auto V = texelCoordinate(Call->getArg(First + D), Normalized);
    if (!V)
      return std::nullopt;
    C.push_back(*V);
  }
  Expr Bytes = Expr(int64_t(TexelBytes));
  Expr Offset = SurfaceX ? C[0] : C[0] * Bytes;
  if (Coordinates > 1) {
    Expr Rows = C[1];
    if (Coordinates > 2)
      Rows = Rows + C[2] * Expr(LayerRows);
    Offset = Offset + Rows * Expr(RowTexels) * Bytes;
  }
  return Offset;
}

bool CostWalker::walkTextureCall(const CallExpr *Call,
                                 const FunctionDecl *Callee) {
  TextureCall Kind = classifyTextureCall(Callee->getNameAsString());
  if (Kind == TextureCall::None || Call->getNumArgs() < 2)
    return false;
  // tex2D<float>(obj, x, y) returns the texel; tex2D(&texel, obj, x, y)
  // and surf2Dread(&texel, obj, x, y) write it through their first
  // argument; surf2Dwrite(texel, obj, x, y) takes it first.
  const clang::Expr *First = Call->getArg(0);
  bool ThroughPointer = Kind != TextureCall::SurfaceWrite &&
                        Call->getType()->isVoidType() &&
                        First->getType()->isPointerType();
  QualType Texel = Kind == TextureCall::SurfaceWrite ? First->getType()
                   : ThroughPointer ? First->getType()->getPointeeType()
                                    : Call->getType();
  unsigned ObjectArg =
      (Kind == TextureCall::SurfaceWrite || ThroughPointer) ? 1 : 0;
  const clang::Expr *Object = Call->getArg(ObjectArg);
  uint64_t TexelBytes = classifier().sizeOf(Texel);

  MemoryOrigin Origin;
  Origin.Space = MemorySpace::Global;
  if (auto V = converter().convert(Object))
    if (auto Name = V->asSymbol())
      Origin.Base = *Name;
  if (Origin.Base.empty())
    Origin.Base = Lexer::getSourceText(
                      CharSourceRange::getTokenRange(Object->getSourceRange()),
                      Ctx.getSourceManager(), Ctx.getLangOpts())
                      .str();
  bool Normalized = false;
  Origin.Offset =
      texelOffset(Call, ObjectArg + 1, coordinateCount(Callee->getName()),
                  Kind != TextureCall::Fetch, TexelBytes, Normalized);
  if (Origin.Offset)
    assume(note(Normalized ? NoteId::TextureNormalizedLayout
                           : NoteId::TextureLayout,
                {{"object", Origin.Base}}));

  add(&CostVector::TextureFetches, Expr(1));
  AccessLoc = Call->getBeginLoc();
  countAccess(MemoryAccess{Origin, TexelBytes},
              Kind == TextureCall::SurfaceWrite);
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (I != ObjectArg && !(ThroughPointer && I == 0))
      walkExpr(Call->getArg(I));
  return true;
}

} // namespace rla
