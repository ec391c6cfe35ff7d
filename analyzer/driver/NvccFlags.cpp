//===- NvccFlags.cpp - Compile commands to clang CUDA flags ---------------===//
#include "analyzer/driver/NvccFlags.h"
#include "analyzer/driver/OptionFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <initializer_list>

namespace rla {

namespace {

using llvm::StringRef;

/// Picks the newest of the "sm_NN" / "compute_NN" / "lto_NN" names in the
/// texts it is given (one -gencode value alone may name several).
class ArchPicker {
public:
  void consider(StringRef Text) {
    llvm::SmallVector<StringRef, 8> Tokens;
    // Split at everything that cannot be part of an architecture name.
    size_t Start = 0;
    for (size_t I = 0; I <= Text.size(); ++I) {
      if (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '_'))
        continue;
      if (I > Start)
        Tokens.push_back(Text.slice(Start, I));
      Start = I + 1;
    }
    for (StringRef T : Tokens)
      considerToken(T);
  }

  /// The choice; empty when no architecture was named.
  const std::string &best() const { return Best; }

private:
  long Rank = -1;
  std::string Best;

  void considerToken(StringRef T) {
    if (!T.consume_front("sm_") && !T.consume_front("compute_") &&
        !T.consume_front("lto_"))
      return;
    StringRef Digits = T.take_while(llvm::isDigit);
    StringRef Suffix = T.drop_front(Digits.size());
    unsigned Number;
    if (Digits.empty() || Digits.size() > 4 || Digits.getAsInteger(10, Number))
      return;
    if (!llvm::all_of(Suffix, [](char C) { return C >= 'a' && C <= 'z'; }))
      return;
    // sm_90a (architecture-specific) has every feature of sm_90f (family),
    // which has every feature of sm_90.
    long R = Number * 4L + (Suffix == "a" ? 2 : Suffix.empty() ? 0 : 1);
    if (R > Rank) {
      Rank = R;
      Best = ("sm_" + Digits + Suffix).str();
    }
  }
};

bool isSourceFile(StringRef Arg) {
  StringRef Ext = llvm::sys::path::extension(Arg);
  return llvm::is_contained({".cu", ".cpp", ".cc", ".cxx", ".c++", ".c", ".C"},
                            Ext);
}

/// Walks a command line: Arg is the current argument; matchValue recognises
/// an option with a value given as "-opt value" or "-opt=value".
class ArgCursor {
public:
  ArgCursor(const std::vector<std::string> &Args, size_t First)
      : Args(Args), Index(First) {}

  bool done() const { return Index >= Args.size(); }
  StringRef arg() const { return Args[Index]; }
  void next() { ++Index; }

  /// When arg() is one of Names, followed by a value (separate or after
  /// '='), sets Value, consumes the value and returns true.
  bool matchValue(std::initializer_list<StringRef> Names, StringRef &Value) {
    StringRef A = arg();
    for (StringRef Name : Names) {
      if (A == Name) {
        Value = Index + 1 < Args.size() ? StringRef(Args[++Index]) : "";
        return true;
      }
      if (A.starts_with(Name) && A.drop_front(Name.size()).starts_with("=")) {
        Value = A.drop_front(Name.size() + 1);
        return true;
      }
    }
    return false;
  }

  /// Like matchValue, also accepting the value glued on ("-Iinc", "-DX=1").
  bool matchJoinedOrValue(StringRef Short, StringRef Long, StringRef &Value) {
    if (matchValue({Short, Long}, Value))
      return true;
    if (arg().size() > Short.size() && arg().starts_with(Short)) {
      Value = arg().drop_front(Short.size());
      return true;
    }
    return false;
  }

private:
  const std::vector<std::string> &Args;
  size_t Index;
};

/// nvcc's list options take comma-separated values ("-Ia,b", "-DX,Y").
llvm::SmallVector<StringRef, 4> splitList(StringRef Value) {
  llvm::SmallVector<StringRef, 4> Items;
  Value.split(Items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  return Items;
}

/// -Wall, -Wno-unused, ...; not -Wl,/-Wa,/-Wp, which pass options on.
bool isWarningFlag(StringRef H) {
  if (!H.starts_with("-W") || H.size() < 3)
    return false;
  bool PassesOn = (H[2] == 'l' || H[2] == 'a' || H[2] == 'p') &&
                  (H.size() == 3 || H[3] == ',');
  return !PassesOn;
}

/// Keeps the host-compiler flags of -Xcompiler that change how the source
/// parses. Everything else (-fPIC, -O2, -march, ...) only affects code.
void translateHostFlags(StringRef Value, NvccTranslation &T) {
  std::vector<std::string> &Out = T.Args;
  llvm::SmallVector<StringRef, 8> Items;
  for (StringRef Part : splitList(Value)) {
    llvm::SmallVector<StringRef, 4> Words;
    Part.split(Words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    Items.append(Words.begin(), Words.end());
  }
  for (size_t I = 0; I < Items.size(); ++I) {
    StringRef H = Items[I];
    bool HasNext = I + 1 < Items.size();
    if (H == "-D" || H == "-U" || H == "-I") {
      if (HasNext)
        Out.push_back((H + Items[++I]).str());
    } else if (H == "-isystem" || H == "-iquote" || H == "-idirafter" ||
               H == "-include") {
      if (HasNext) {
        Out.push_back(H.str());
        Out.push_back(Items[++I].str());
      }
    } else if (H.starts_with("-D") || H.starts_with("-U") ||
               H.starts_with("-I") || H.starts_with("-isystem") ||
               H.starts_with("-std=") || H == "-w" || isWarningFlag(H)) {
      Out.push_back(H.str());
    } else if (H == "-fopenmp") {
      T.OpenMP = true;
    }
  }
}

/// nvcc options with a value that does not matter for parsing; matching
/// them consumes the value so it is not mistaken for an input.
// clang-format off
const std::initializer_list<StringRef> DroppedValueOptions = {
    "-o", "--output-file",
    "-x", "--x",
    "-Xcudafe",
    "-Xnvlink", "--nvlink-options",
    "-Xlinker", "--linker-options",
    "-Xarchive", "--archive-options",
    "-Xfatbin", "--fatbin-options",
    "-MF", "--dependency-output",
    "-MT", "--dependency-target-name",
    "-MQ",
    "-odir", "--output-directory",
    "-optf", "--options-file",
    "-t", "--threads",
    "-cudart", "--cudart",
    "-cudadevrt", "--cudadevrt",
    "-default-stream", "--default-stream",
    "-keep-dir", "--keep-dir",
    "-time", "--time",
    "-l", "--library",
    "-L", "--library-path",
    "-diag-suppress", "--diag-suppress",
    "-diag-error", "--diag-error",
    "-diag-warn", "--diag-warn",
    "-split-compile", "--split-compile",
    "-m", "--machine",
    "-ldir", "--libdevice-directory",
    "-run-args", "--run-args",
    "-dopt", "--dopt",
    "--optimize",
    "-Werror", "--Werror",
    "-target-dir", "--target-directory",
    "-idp", "--input-drive-prefix",
    "-ddp", "--dependency-drive-prefix",
    "-dp", "--drive-prefix",
};
// clang-format on

/// nvcc options with a value that change the device code (registers,
/// instructions): the resource compile passes them on.
// clang-format off
const std::initializer_list<StringRef> CodeValueOptions = {
    "-Xptxas", "--ptxas-options",
    "-maxrregcount", "--maxrregcount",
    "-ftz", "--ftz",
    "-prec-div", "--prec-div",
    "-prec-sqrt", "--prec-sqrt",
    "-fmad", "--fmad",
    "-Xcicc",
};

/// The same without a value.
const std::initializer_list<StringRef> CodeToggles = {
    "--use_fast_math", "-use_fast_math",
    "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
    "--expt-extended-lambda", "-expt-extended-lambda",
    "--extended-lambda", "-extended-lambda",
    "-G", "--device-debug",
    "-lineinfo", "--generate-line-info",
    "-restrict", "--restrict",
};
// clang-format on

/// The host compiler as nvcc finds it: a relative path from the directory
/// the command runs in, a bare name from PATH.
std::string hostCompilerPath(StringRef Value, StringRef Directory) {
  if (Value.empty() || Directory.empty() ||
      !llvm::sys::path::is_relative(Value) ||
      !Value.contains(llvm::sys::path::get_separator()))
    return Value.str();
  llvm::SmallString<256> Path(Value);
  llvm::sys::path::make_absolute(Directory, Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str();
}

void translateNvcc(const std::vector<std::string> &Args, size_t First,
                   StringRef Directory, ArchPicker &Arch, NvccTranslation &T) {
  std::vector<std::string> &Out = T.Args;
  StringRef V;
  for (ArgCursor C(Args, First); !C.done(); C.next()) {
    StringRef A = C.arg();
    if (!A.starts_with("-"))
      continue; // Sources, objects, @response files.
    if (C.matchJoinedOrValue("-isystem", "--system-include", V)) {
      for (StringRef Dir : splitList(V)) {
        Out.push_back("-isystem");
        Out.push_back(Dir.str());
      }
    } else if (C.matchValue({"-include", "--pre-include"}, V)) {
      for (StringRef File : splitList(V)) {
        Out.push_back("-include");
        Out.push_back(File.str());
      }
    } else if (C.matchJoinedOrValue("-I", "--include-path", V)) {
      for (StringRef Dir : splitList(V))
        Out.push_back(("-I" + Dir).str());
    } else if (C.matchJoinedOrValue("-D", "--define-macro", V)) {
      for (StringRef Def : splitList(V))
        Out.push_back(("-D" + Def).str());
    } else if (C.matchJoinedOrValue("-U", "--undefine-macro", V)) {
      for (StringRef Name : splitList(V))
        Out.push_back(("-U" + Name).str());
    } else if (C.matchValue({"-std", "--std"}, V)) {
      Out.push_back(("-std=" + V).str());
    } else if (C.matchValue({"-arch", "--gpu-architecture", "-code",
                             "--gpu-code", "-gencode", "--generate-code"},
                            V)) {
      Arch.consider(V);
    } else if (C.matchValue({"-Xcompiler", "--compiler-options"}, V)) {
      translateHostFlags(V, T);
    } else if (C.matchValue({"-ccbin", "--compiler-bindir"}, V)) {
      T.HostCompiler = hostCompilerPath(V, Directory);
    } else if (C.matchValue({"-rdc", "--relocatable-device-code"}, V)) {
      T.RelocatableDeviceCode = V == "true";
    } else if (A == "-dc" || A == "--device-c") {
      T.RelocatableDeviceCode = true; // -rdc=true -c
    } else if (A == "-dw" || A == "--device-w") {
      T.RelocatableDeviceCode = false; // -rdc=false -c
    } else if (C.matchValue(CodeValueOptions, V)) {
      // Registers and instructions depend on these: the resource compile
      // gets them as written.
      T.CodeFlags.push_back(
          A.take_until([](char Ch) { return Ch == '='; }).str());
      T.CodeFlags.push_back(V.str());
    } else if (llvm::is_contained(CodeToggles, A)) {
      T.CodeFlags.push_back(A.str());
    } else if (A == "-fopenmp") {
      // nvcc has no such option: -forward-unknown-to-host-compiler gives it
      // to the host compiler.
      T.OpenMP = true;
    } else if (C.matchValue(DroppedValueOptions, V)) {
      // Output, code generation and tool options.
    }
    // Everything else is a toggle that does not change the parse:
    // --expt-relaxed-constexpr and --extended-lambda (clang allows both by
    // default), -G, -g, -lineinfo, -O3, -c, -MD, --keep, nvcc's own -W
    // options and host flags forwarded by -forward-unknown-to-host-compiler.
    // --use_fast_math is dropped too, not mapped to -ffast-math (which would
    // change host semantics); its device effect is a caller's choice
    // (-fgpu-approx-transcendentals).
  }
  if (T.RelocatableDeviceCode) {
    Out.push_back("-fgpu-rdc");
    T.CodeFlags.push_back("-rdc=true");
  }
  if (T.OpenMP)
    Out.push_back("-fopenmp");
}

/// Whether A is nvcc's spelling, which clang rejects or reads as something
/// else (`-G` is a MIPS option to clang, `-arch sm_90` a Darwin one); its
/// value is the next argument when Separate.
bool isNvccOnlyOption(StringRef A, bool &Separate) {
  auto named = [&](std::initializer_list<StringRef> Names) {
    for (StringRef N : Names) {
      if (A == N) {
        Separate = true;
        return true;
      }
      if (A.starts_with(N) && A.drop_front(N.size()).starts_with("="))
        return true;
    }
    return false;
  };
  Separate = false;
  // -std and -x are clang's too when joined (-std=c++17, -xcuda).
  if (named({"-arch", "--gpu-architecture", "-code", "--gpu-code", "-gencode",
             "--generate-code", "-Xcompiler", "--compiler-options", "-ccbin",
             "--compiler-bindir", "-rdc", "--relocatable-device-code",
             "--std"}) ||
      named(CodeValueOptions) || A == "-std")
    return true;
  Separate = false;
  for (StringRef N : DroppedValueOptions)
    if (!llvm::is_contained({"-o", "-x", "-MF", "-MT", "-MQ", "-l", "-L", "-t",
                             "-time", "-Werror", "-m", "--optimize"},
                            N) &&
        named({N}))
      return true;
  Separate = false;
  return llvm::is_contained(CodeToggles, A) ||
         llvm::is_contained(
             {"-dc", "--device-c", "-dw", "--device-w", "-res-usage",
              "--resource-usage", "-keep", "--keep", "-src-in-ptx",
              "--source-in-ptx", "-forward-unknown-to-host-compiler",
              "--forward-unknown-to-host-compiler",
              "-allow-unsupported-compiler", "--allow-unsupported-compiler",
              "-Wno-deprecated-gpu-targets", "-dlto", "--dlink-time-opt",
              "-lto"},
             A);
}

/// Clang (or gcc) options whose value is a separate argument; the value is
/// kept with its option and never taken for a source file.
// clang-format off
const std::initializer_list<StringRef> ClangValueOptions = {
    "-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros",
    "-isysroot", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
    "-ivfsoverlay", "-include-pch", "-D", "-U", "-F", "-x", "-target", "-arch",
    "-Xclang", "-Xlinker", "-Xpreprocessor", "-Xassembler", "-Xarch_host",
    "-Xarch_device", "-Xcuda-ptxas", "-Xcuda-fatbinary", "-mllvm",
    "-resource-dir",
};
// clang-format on

void translateClang(const std::vector<std::string> &Args, size_t First,
                    ArchPicker &Arch, NvccTranslation &T) {
  std::vector<std::string> &Out = T.Args;
  StringRef V;
  for (ArgCursor C(Args, First); !C.done(); C.next()) {
    StringRef A = C.arg();
    if (!A.starts_with("-")) {
      if (!isSourceFile(A))
        Out.push_back(A.str());
      continue;
    }
    if (C.matchValue({"--cuda-gpu-arch", "--offload-arch"}, V)) {
      Arch.consider(V);
      continue;
    }
    // Outputs and dependency files: a parse must not write files.
    if (A == "-c" || A == "-M" || A == "-MM" || A == "-MD" || A == "-MMD" ||
        A == "-MP" || A == "-MG" ||
        C.matchValue({"-o", "--output", "-MF", "-MT", "-MQ", "-MJ"}, V))
      continue;
    if ((A.starts_with("-o") && !A.starts_with("-objc")) ||
        A.starts_with("-MF") || A.starts_with("-MT") || A.starts_with("-MQ") ||
        A.starts_with("-MJ"))
      continue;
    if (A == "-fgpu-rdc" || A == "-fno-gpu-rdc")
      T.RelocatableDeviceCode = A == "-fgpu-rdc";
    else if (A == "-fopenmp" || A.starts_with("-fopenmp="))
      T.OpenMP = true;
    Out.push_back(A.str());
    if (llvm::is_contained(ClangValueOptions, A) && C.matchValue({A}, V))
      Out.push_back(V.str());
  }
}

bool isLauncher(StringRef Stem) {
  return Stem == "ccache" || Stem == "sccache" || Stem == "distcc" ||
         Stem == "icecc";
}

} // namespace

NvccTranslation translateUserFlags(const std::vector<std::string> &Flags) {
  NvccTranslation T;
  ArchPicker Arch;
  for (size_t I = 0; I < Flags.size(); ++I) {
    bool Separate = false;
    if (!isNvccOnlyOption(Flags[I], Separate)) {
      // Link inputs (`-lcublas`, `-L/opt/lib`, `-Wl,...`) do not change
      // the parse; clang would warn that each is unused.
      StringRef F = Flags[I];
      if (F == "-l" || F == "-L") {
        ++I;
        continue;
      }
      if (F.starts_with("-l") || F.starts_with("-L") || F.starts_with("-Wl,"))
        continue;
      T.Args.push_back(Flags[I]);
      continue;
    }
    std::vector<std::string> One = {Flags[I]};
    if (Separate && I + 1 < Flags.size())
      One.push_back(Flags[++I]);
    T.NvccOptions.insert(T.NvccOptions.end(), One.begin(), One.end());
    NvccTranslation Piece;
    translateNvcc(One, 0, "", Arch, Piece);
    T.Args.insert(T.Args.end(), Piece.Args.begin(), Piece.Args.end());
    T.CodeFlags.insert(T.CodeFlags.end(), Piece.CodeFlags.begin(),
                       Piece.CodeFlags.end());
    if (!Piece.HostCompiler.empty())
      T.HostCompiler = Piece.HostCompiler;
  }
  T.CudaArch = Arch.best();
  return T;
}

NvccTranslation translateNvccArguments(const std::vector<std::string> &Args,
                                       StringRef Directory) {
  NvccTranslation T;
  std::vector<std::string> Command = Args;
  if (!expandOptionFiles(Command, Directory, T.Error))
    Command = Args; // Translate what the command itself says.
  size_t Compiler = 0;
  while (Compiler + 1 < Command.size() &&
         isLauncher(llvm::sys::path::stem(Command[Compiler])))
    ++Compiler;
  if (Compiler >= Command.size())
    return T;
  ArchPicker Arch;
  StringRef Name = llvm::sys::path::filename(Command[Compiler]);
  if (Name.starts_with("-")) // No compiler given: nvcc's rules are safer.
    translateNvcc(Command, Compiler, Directory, Arch, T);
  else if (Name.contains("nvcc"))
    translateNvcc(Command, Compiler + 1, Directory, Arch, T);
  else
    translateClang(Command, Compiler + 1, Arch, T);
  T.CudaArch = Arch.best();
  return T;
}

} // namespace rla
