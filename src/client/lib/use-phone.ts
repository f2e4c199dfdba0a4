import useMediaQuery from '@mui/material/useMediaQuery';

/** True on a phone-sized screen, below MUI's "sm" breakpoint (600 px): lists become cards. */
export const usePhone = () => useMediaQuery('(max-width:599.95px)');
