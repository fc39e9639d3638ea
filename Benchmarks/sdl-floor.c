// The floor of any SDL window here: how long SDL takes to start video, make a window, make a
// renderer and present one empty frame, with nothing of folio in it.
//   cc Benchmarks/sdl-floor.c -o /tmp/sdl-floor $(pkg-config --cflags --libs sdl2) && DISPLAY=:99 /tmp/sdl-floor
//   SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0 DISPLAY=:99 /tmp/sdl-floor   # SDL's own software renderer
#include <SDL2/SDL.h>
#include <stdio.h>
#include <time.h>

static double milliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(void) {
    double start = milliseconds();
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) { fprintf(stderr, "%s\n", SDL_GetError()); return 1; }
    double initialised = milliseconds();
    SDL_Window *window = SDL_CreateWindow("floor", 0, 0, 1280, 800, SDL_WINDOW_RESIZABLE);
    double windowed = milliseconds();
    SDL_Renderer *renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC);
    double rendering = milliseconds();
    SDL_RenderClear(renderer);
    SDL_RenderPresent(renderer);
    double presented = milliseconds();
    SDL_RendererInfo info;
    SDL_GetRendererInfo(renderer, &info);
    printf("init %.1f ms, window %.1f ms, renderer (%s) %.1f ms, first frame %.1f ms, total %.1f ms\n", initialised - start,
           windowed - initialised, info.name, rendering - windowed, presented - rendering, presented - start);
    return 0;
}
