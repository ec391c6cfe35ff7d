// A SYSTEM include folder of the target: `-isystem=DIR` in the options file.
#pragma once
#define VEC_WIDTH 1
