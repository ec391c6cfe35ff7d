# Not CUDA: rl-analyze refuses it by its name before parsing.
print("hello")
