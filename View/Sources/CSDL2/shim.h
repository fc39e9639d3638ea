#ifndef FOLIO_CSDL2_SHIM_H
#define FOLIO_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

/* Function-like macros Swift does not import, as inline functions. */

/* SDL_WINDOWPOS_CENTERED */
static inline int folio_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
/* SDL_MUSTLOCK(surface) */
static inline int folio_must_lock(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }
/* SDL_BUTTON(x): the mask of mouse button x. */
static inline Uint32 folio_button_mask(int button) { return SDL_BUTTON(button); }
/* SDL_BYTESPERPIXEL(format) */
static inline int folio_bytes_per_pixel(Uint32 format) { return SDL_BYTESPERPIXEL(format); }

/* glibc's mallopt(M_MMAP_THRESHOLD, bytes): blocks this large or larger go back to the system when freed. */
#if defined(__GLIBC__)
#include <malloc.h>
static inline void folio_set_mmap_threshold(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }
#else
static inline void folio_set_mmap_threshold(int bytes) { (void)bytes; }
#endif

#endif
