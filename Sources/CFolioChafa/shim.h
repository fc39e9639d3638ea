// libchafa from the system (Debian's libchafa-dev): pictures turned into what a terminal
// draws — Unicode blocks in 24-bit colour, or sixel, kitty or iTerm2 pixels.
// A release folio links libchafa.a with GLib's static library (FolioPictures names it).
#include <chafa.h>
