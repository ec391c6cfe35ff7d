// Reached only through the options file (includes_CUDA.rsp).
#pragma once
#include <vec_width.h>
#ifndef TILE
#error "TILE must come from the compilation database"
#endif
