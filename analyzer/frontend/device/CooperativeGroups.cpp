//===- CooperativeGroups.cpp ----------------------------------------------===//
#include "analyzer/frontend/device/CooperativeGroups.h"
#include "analyzer/ir/KernelModel.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace rla {
namespace {

bool inCooperativeGroups(const DeclContext *DC) {
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->getName() == "cooperative_groups")
      return true;
  return false;
}

/// x + X * (y + Y * z) over the dimensions used: a linear index.
Expr linear(const char *Index, const char *Extent,
            const std::array<bool, 3> &Dims) {
  Expr Out(0), Scale(1);
  for (unsigned D = 0; D < 3; ++D) {
    if (!Dims[D])
      continue;
    Out = Out + Scale * Expr::symbol(dimSymbol(Index, D));
    Scale = Scale * Expr::symbol(dimSymbol(Extent, D));
  }
  return Out;
}

/// Whether Object is a variable made by coalesced_threads(): the lanes of
/// the warp that reach the call (not a labeled or binary partition of them).
bool activeLanesOfWarp(const clang::Expr *Object) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const clang::Expr *Init = Var ? Var->getInit() : nullptr;
  while (Init) {
    Init = Init->IgnoreImplicit();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init)) {
      Init = Construct->getNumArgs() == 1 ? Construct->getArg(0) : nullptr;
      continue;
    }
    const auto *Call = dyn_cast<CallExpr>(Init);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    return F && F->getDeclName().isIdentifier() &&
           F->getName() == "coalesced_threads" &&
           inCooperativeGroups(F->getDeclContext());
  }
  return false;
}

Expr product(const char *Extent, const std::array<bool, 3> &Dims) {
  Expr Out(1);
  for (unsigned D = 0; D < 3; ++D)
    if (Dims[D])
      Out = Out * Expr::symbol(dimSymbol(Extent, D));
  return Out;
}

} // namespace

GroupKind groupOfCall(const CallExpr *Call, unsigned *TileSize) {
  // The object before any derived-to-base cast (a tile's size() is its
  // base's); static members (grid_group::thread_rank) through a MemberExpr.
  const clang::Expr *Object = nullptr;
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    Object = Member->getImplicitObjectArgument();
  else if (const auto *ME =
               dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    Object = ME->getBase();
  if (!Object || !isa_and_nonnull<CXXMethodDecl>(Call->getDirectCallee()))
    return GroupKind::None;
  Object = Object->IgnoreParenImpCasts();
  QualType T = Object->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!R || !inCooperativeGroups(R->getDeclContext()))
    return GroupKind::None;
  llvm::StringRef Name = R->getName();
  if (Name == "thread_block")
    return GroupKind::Block;
  if (Name == "grid_group")
    return GroupKind::Grid;
  if (Name == "thread_block_tile")
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(R);
        S && S->getTemplateArgs().size() >= 1 &&
        S->getTemplateArgs()[0].getKind() == TemplateArgument::Integral) {
      if (TileSize)
        *TileSize =
            unsigned(S->getTemplateArgs()[0].getAsIntegral().getZExtValue());
      return GroupKind::Tile;
    }
  if (Name == "coalesced_group")
    return GroupKind::Coalesced;
  return GroupKind::None;
}

std::optional<Expr> groupValue(const CallExpr *Call,
                               const std::array<bool, 3> &Dims) {
  unsigned Tile = 0;
  GroupKind Kind = groupOfCall(Call, &Tile);
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (Kind == GroupKind::None || !M || !M->getDeclName().isIdentifier())
    return std::nullopt;
  llvm::StringRef Name = M->getName();
  bool Size = Name == "size" || Name == "num_threads";
  Expr InBlock = linear("threadIdx", "blockDim", Dims);
  Expr BlockSize = product("blockDim", Dims);
  switch (Kind) {
  case GroupKind::Block:
    if (Name == "thread_rank")
      return InBlock;
    if (Size)
      return BlockSize;
    break;
  case GroupKind::Grid:
    if (Name == "thread_rank")
      return linear("blockIdx", "gridDim", Dims) * BlockSize + InBlock;
    if (Size)
      return product("gridDim", Dims) * BlockSize;
    if (Name == "block_rank")
      return linear("blockIdx", "gridDim", Dims);
    if (Name == "num_blocks")
      return product("gridDim", Dims);
    break;
  case GroupKind::Tile:
    if (Tile == 0)
      break;
    if (Name == "thread_rank")
      return Expr::mod(InBlock, Expr(int64_t(Tile)));
    if (Size)
      return Expr(int64_t(Tile));
    if (Name == "meta_group_rank")
      return Expr::floorDiv(InBlock, Expr(int64_t(Tile)));
    if (Name == "meta_group_size")
      return Expr::ceilDiv(BlockSize, Expr(int64_t(Tile)));
    break;
  case GroupKind::Coalesced: {
    // The rank among the warp's active lanes: its lane when the whole warp
    // is active, and `rank == 0` is one lane per warp that reaches it
    // either way (the warp-aggregated atomic's leader).
    const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
    if (Name == "thread_rank" && Member &&
        activeLanesOfWarp(Member->getImplicitObjectArgument()))
      return Expr::mod(InBlock, Expr(int64_t(32)));
    break;
  }
  case GroupKind::None:
    break;
  }
  return std::nullopt;
}

} // namespace rla
