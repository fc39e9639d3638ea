// Picture decoders from the system: stb_image (Debian's libstb-dev: JPEG, PNG, GIF, BMP)
// and libwebp (libwebp-dev: WebP). Static libraries in a release folio.
#include <stb/stb_image.h>
#include <webp/decode.h>
