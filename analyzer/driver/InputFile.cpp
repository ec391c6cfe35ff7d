//===- InputFile.cpp ------------------------------------------------------===//
#include "analyzer/driver/InputFile.h"

#include "llvm/Support/FileSystem.h"

namespace rla {

namespace fs = llvm::sys::fs;

std::string checkRegularInput(const std::string &File) {
  fs::file_status Status;
  if (fs::status(File, Status))
    return ""; // missing or unreadable: the analysis says which
  const char *Kind = nullptr;
  switch (Status.type()) {
  case fs::file_type::regular_file:
  case fs::file_type::directory_file:
    return "";
  case fs::file_type::fifo_file:
    Kind = "a FIFO";
    break;
  case fs::file_type::socket_file:
    Kind = "a socket";
    break;
  case fs::file_type::character_file:
    Kind = "a character device";
    break;
  case fs::file_type::block_file:
    Kind = "a block device";
    break;
  default:
    Kind = "of an unknown kind";
    break;
  }
  return "'" + File + "' is not a regular file (" + Kind +
         "); expected a CUDA source file";
}

} // namespace rla
