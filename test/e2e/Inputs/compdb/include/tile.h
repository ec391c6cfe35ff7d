#pragma once
#ifndef TILE
#error "TILE must come from the compilation database"
#endif
