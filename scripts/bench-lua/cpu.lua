-- CPU-bound: the VM's arithmetic and loop, nothing else (the issue's probe).
s = 0
for i = 1, 3e7 do s = s + (i % 7) * 3 end
