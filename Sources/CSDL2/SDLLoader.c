// SDL2, opened when the studio first needs it rather than linked.
//
// Linked, SDL2 and the forty-odd libraries it pulls in (X11, Wayland, PulseAudio, ALSA, codecs)
// were loaded and relocated by every `gesturelab` command, about 4 ms of each start (measured:
// a Foundation program starts in 4 ms, 7.3 ms with SDL2 linked), and the command would not
// start at all on a machine without SDL2. Each SDL function the studio (and the test font from
// libSDL2_test.a) calls is defined here with SDL's own signature and calls the function of the
// same name in the opened library.
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

// Every SDL function called: return type, name, parameters, arguments. Functions returning
// nothing are listed apart (C does not return a void expression).
#define GL_SDL_FUNCTIONS(X)                                                                                      \
    X(SDL_Surface *, SDL_CreateRGBSurfaceWithFormat, (Uint32 flags, int w, int h, int depth, Uint32 format),   \
      (flags, w, h, depth, format))                                                                              \
    X(SDL_Renderer *, SDL_CreateRenderer, (SDL_Window * window, int index, Uint32 flags), (window, index, flags)) \
    X(SDL_Renderer *, SDL_CreateSoftwareRenderer, (SDL_Surface * surface), (surface))                           \
    X(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags),             \
      (title, x, y, w, h, flags))                                                                                \
    X(Uint8, SDL_EventState, (Uint32 type, int state), (type, state))                                            \
    X(const char *, SDL_GetCurrentVideoDriver, (void), ())                                                       \
    X(const char *, SDL_GetError, (void), ())                                                                    \
    X(SDL_Keymod, SDL_GetModState, (void), ())                                                                   \
    X(Uint32, SDL_GetMouseState, (int *x, int *y), (x, y))                                                       \
    X(Uint64, SDL_GetPerformanceCounter, (void), ())                                                             \
    X(Uint64, SDL_GetPerformanceFrequency, (void), ())                                                           \
    X(Uint32, SDL_GetTicks, (void), ())                                                                          \
    X(SDL_bool, SDL_GetWindowWMInfo, (SDL_Window * window, SDL_SysWMinfo * info), (window, info))                \
    X(int, SDL_Init, (Uint32 flags), (flags))                                                                    \
    X(int, SDL_PollEvent, (SDL_Event * event), (event))                                                          \
    X(int, SDL_RenderClear, (SDL_Renderer * r), (r))                                                             \
    X(int, SDL_RenderDrawLine, (SDL_Renderer * r, int x1, int y1, int x2, int y2), (r, x1, y1, x2, y2))          \
    X(int, SDL_RenderDrawLines, (SDL_Renderer * r, const SDL_Point *points, int count), (r, points, count))      \
    X(int, SDL_RenderDrawRect, (SDL_Renderer * r, const SDL_Rect *rect), (r, rect))                              \
    X(int, SDL_RenderFillRect, (SDL_Renderer * r, const SDL_Rect *rect), (r, rect))                              \
    X(int, SDL_RenderSetClipRect, (SDL_Renderer * r, const SDL_Rect *rect), (r, rect))                           \
    X(SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value))                               \
    X(int, SDL_SetRenderDrawColor, (SDL_Renderer * r, Uint8 red, Uint8 green, Uint8 blue, Uint8 alpha),          \
      (r, red, green, blue, alpha))                                                                              \
    /* What the test font (SDL_test_font.o) calls. */                                                            \
    X(SDL_Surface *, SDL_CreateRGBSurface,                                                                       \
      (Uint32 flags, int w, int h, int depth, Uint32 rmask, Uint32 gmask, Uint32 bmask, Uint32 amask),           \
      (flags, w, h, depth, rmask, gmask, bmask, amask))                                                          \
    X(SDL_Texture *, SDL_CreateTextureFromSurface, (SDL_Renderer * r, SDL_Surface * surface), (r, surface))      \
    X(int, SDL_GetRenderDrawColor, (SDL_Renderer * r, Uint8 * red, Uint8 * green, Uint8 * blue, Uint8 * alpha),  \
      (r, red, green, blue, alpha))                                                                              \
    X(int, SDL_RenderCopy, (SDL_Renderer * r, SDL_Texture * t, const SDL_Rect *from, const SDL_Rect *to),        \
      (r, t, from, to))                                                                                          \
    X(int, SDL_SetTextureAlphaMod, (SDL_Texture * t, Uint8 alpha), (t, alpha))                                   \
    X(int, SDL_SetTextureColorMod, (SDL_Texture * t, Uint8 red, Uint8 green, Uint8 blue), (t, red, green, blue)) \
    X(void *, SDL_calloc, (size_t n, size_t size), (n, size))                                                    \
    X(void *, SDL_malloc, (size_t size), (size))                                                                 \
    X(void *, SDL_memcpy, (void *dst, const void *src, size_t len), (dst, src, len))                             \
    X(void *, SDL_realloc, (void *p, size_t size), (p, size))                                                    \
    X(size_t, SDL_strlen, (const char *s), (s))                                                                  \
    X(int, SDL_vsnprintf, (char *text, size_t size, const char *format, va_list ap), (text, size, format, ap))

#define GL_SDL_PROCEDURES(X)                                                       \
    X(SDL_Delay, (Uint32 ms), (ms))                                                \
    X(SDL_DestroyRenderer, (SDL_Renderer * r), (r))                                \
    X(SDL_DestroyWindow, (SDL_Window * window), (window))                          \
    X(SDL_FreeSurface, (SDL_Surface * surface), (surface))                         \
    X(SDL_Quit, (void), ())                                                        \
    X(SDL_RenderPresent, (SDL_Renderer * r), (r))                                  \
    X(SDL_DestroyTexture, (SDL_Texture * t), (t))                                  \
    X(SDL_free, (void *p), (p))

static struct {
#define GL_FIELD(ret, name, params, args) ret(*name) params;
#define GL_PROC_FIELD(name, params, args) void(*name) params;
    GL_SDL_FUNCTIONS(GL_FIELD)
    GL_SDL_PROCEDURES(GL_PROC_FIELD)
} sdl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int opened = -1;
static char failure[400];

static void open_sdl(void) {
    // By default the name the runtime package installs (libsdl2-2.0-0 on Debian), not the
    // development link; GESTURELAB_SDL2_LIBRARY names another (a build of one's own).
    const char *path = getenv("GESTURELAB_SDL2_LIBRARY");
    if (!path || !*path) path = "libSDL2-2.0.so.0";
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure,
                 "cannot open SDL2, which the studio needs (%s); install it (Debian: apt-get install libsdl2-2.0-0) "
                 "or name it with GESTURELAB_SDL2_LIBRARY",
                 dlerror());
        return;
    }
#define GL_LOAD(name)                                                                                        \
    *(void **)(&sdl.name) = dlsym(library, #name);                                                          \
    if (!sdl.name) {                                                                                         \
        snprintf(failure, sizeof failure, "the SDL2 opened (%s) has no %s; SDL 2.0.10 or later is needed", path, #name); \
        return;                                                                                              \
    }
#define GL_LOAD_FUNCTION(ret, name, params, args) GL_LOAD(name)
#define GL_LOAD_PROCEDURE(name, params, args) GL_LOAD(name)
    GL_SDL_FUNCTIONS(GL_LOAD_FUNCTION)
    GL_SDL_PROCEDURES(GL_LOAD_PROCEDURE)
    opened = 0;
}

int gl_sdl_open(char *error, int size) {
    pthread_once(&once, open_sdl);
    if (opened != 0 && error && size > 0) snprintf(error, (size_t)size, "%s", failure);
    return opened;
}

// A call before `gl_sdl_open` succeeded (the studio opens SDL2 first and stops with the reason
// when it cannot): there is no SDL function to call, so say why and stop.
static void require_sdl(void) {
    if (gl_sdl_open(NULL, 0) == 0) return;
    fprintf(stderr, "gesturelab: %s\n", failure);
    exit(1);
}

#define GL_DEFINE(ret, name, params, args) \
    ret name params {                      \
        require_sdl();                     \
        return sdl.name args;              \
    }
#define GL_DEFINE_PROCEDURE(name, params, args) \
    void name params {                          \
        require_sdl();                          \
        sdl.name args;                          \
    }
GL_SDL_FUNCTIONS(GL_DEFINE)
GL_SDL_PROCEDURES(GL_DEFINE_PROCEDURE)
