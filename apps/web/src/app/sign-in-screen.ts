/**
 * Sign-in screen states of spec §4: 0 initial, 1 user present (token being read), 2 logged-out screen,
 * 3 signed in. After a fresh sign-in the signed-in screen is held back 4 s (SIGNIN_SCREEN_DELAY_MS):
 * 'Sie werden angemeldet.' for the first second, then 'Sie werden weitergeleitet.' for the remaining three.
 */
export type SignInScreenState = 0 | 1 | 2 | 3;
