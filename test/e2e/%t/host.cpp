// Input of project-cache.test: a C++ entry, which whole-project runs skip.
int main() { return 0; }
