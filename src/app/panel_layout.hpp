// A first layout of the UI's panels fitted to the window: the panels' own defaults
// assume a large window and overlap at 960x600. Used when no saved layout exists and
// for every headless run (so screenshots do not depend on the user's layout).
#pragma once

namespace am::app {

// Places the panels (which must have been drawn once) in three columns around the
// machine: chapters and the chapter's words on the left, text above and the drum below
// in the middle, predictions, inspector and rack on the right.
void fit_panels_to_display(float width, float height);

}  // namespace am::app
