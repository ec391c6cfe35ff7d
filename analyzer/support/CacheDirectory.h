//===- CacheDirectory.h - Where every cache of the tool lives ---*- C++ -*-===//
///
/// \file
/// One answer for the result cache, the ptxas cache, the language server and
/// the plugin, so that `RL_ANALYZE_CACHE_DIR` moves all of them at once.
//===----------------------------------------------------------------------===//
#ifndef RLA_SUPPORT_CACHEDIRECTORY_H
#define RLA_SUPPORT_CACHEDIRECTORY_H

#include <string>

namespace rla {

/// $RL_ANALYZE_CACHE_DIR, else $XDG_CACHE_HOME/rl-analyze, else
/// $HOME/.cache/rl-analyze; empty when none can be named.
std::string defaultCacheDirectory();

} // namespace rla

#endif // RLA_SUPPORT_CACHEDIRECTORY_H
