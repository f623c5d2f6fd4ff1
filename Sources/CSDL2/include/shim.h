// SDL2 for GestureLab's studio. Function-like and cast macros do not import into Swift, so the
// few the studio needs are wrapped here; the X11 part reads the X server's own event times.
// SDL2 is not linked: `gl_sdl_open` (SDLLoader.c) opens it at run time, and the SDL functions
// the studio calls are defined there as calls into the opened library.
#ifndef GESTURELAB_CSDL2_SHIM_H
#define GESTURELAB_CSDL2_SHIM_H
#include <SDL2/SDL.h>
// Debian's SDL2 is built with the X11 driver; the public headers do not say so, and the syswm
// message layout needs it.
#ifndef SDL_VIDEO_DRIVER_X11
#define SDL_VIDEO_DRIVER_X11 1
#endif
#include <SDL2/SDL_syswm.h>
#include <SDL2/SDL_test_font.h>

static inline int gl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 gl_touch_mouseid(void) { return SDL_TOUCH_MOUSEID; }
static inline Sint64 gl_mouse_touchid(void) { return SDL_MOUSE_TOUCHID; }

/// Opens SDL2 (once); 0 when it is ready, otherwise -1 with the reason in `error`.
int gl_sdl_open(char *error, int size);

/// The X server's timestamp (ms) of a button or motion event delivered as an SDL_SYSWMEVENT,
/// or 0 when the message is not one.
static inline unsigned long gl_x11_event_time(const SDL_SysWMmsg *m, int *type, int *x, int *y, unsigned int *button) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (m->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *e = &m->msg.x11.event;
    *type = e->type;
    switch (e->type) {
    case ButtonPress: case ButtonRelease:
        *x = e->xbutton.x; *y = e->xbutton.y; *button = e->xbutton.button; return e->xbutton.time;
    case MotionNotify:
        *x = e->xmotion.x; *y = e->xmotion.y; *button = 0; return e->xmotion.time;
    default: return 0;
    }
#else
    (void)m; (void)type; (void)x; (void)y; (void)button;
    return 0;
#endif
}

static inline int gl_x11_button_press(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    return ButtonPress;
#else
    return -1;
#endif
}
static inline int gl_x11_button_release(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    return ButtonRelease;
#else
    return -2;
#endif
}
static inline int gl_x11_motion(void) {
#if defined(SDL_VIDEO_DRIVER_X11)
    return MotionNotify;
#else
    return -3;
#endif
}
#endif
