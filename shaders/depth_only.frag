#version 330 core
// Shadow map pass: depth only.
void main() {}
