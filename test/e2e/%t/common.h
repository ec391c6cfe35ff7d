#pragma once
#define REPEAT 8
