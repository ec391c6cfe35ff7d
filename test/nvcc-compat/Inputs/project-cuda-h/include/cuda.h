// A project header named like the toolkit's.
#pragma once
int project_setup(int device);
