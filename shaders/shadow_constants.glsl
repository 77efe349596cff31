// Sharpness of the exponential shadow map's falloff: higher is crisper but leaks less
// light at contacts; 60 keeps exp() of depth differences well inside float range.
const float ESM_C = 60.0;
