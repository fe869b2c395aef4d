import { ART, ArtFrame } from './ArtFrame';

/** Illustration: chat bubbles beside a round-the-clock dial (24/7 customer support). */
export function SupportArt() {
  return (
    <ArtFrame>
      <path
        d="M50 70h170a16 16 0 0 1 16 16v60a16 16 0 0 1-16 16H95l-30 24v-24H50a16 16 0 0 1-16-16V86a16 16 0 0 1 16-16z"
        fill={ART.sky}
      />
      <path d="M62 100h130M62 128h90" stroke={ART.ink} strokeOpacity="0.5" strokeWidth="8" strokeLinecap="round" />
      <path
        d="M180 180h130a16 16 0 0 1 16 16v44a16 16 0 0 1-16 16h-8v22l-28-22H180a16 16 0 0 1-16-16v-44a16 16 0 0 1 16-16z"
        fill={ART.teal}
      />
      <path d="M192 210h100M192 232h60" stroke={ART.ink} strokeOpacity="0.5" strokeWidth="8" strokeLinecap="round" />
      <circle cx="308" cy="100" r="52" fill={ART.ink} fillOpacity="0.4" stroke={ART.amber} strokeWidth="6" />
      <path d="M308 62v6M308 132v6M270 100h6M340 100h6" stroke={ART.mint} strokeWidth="4" strokeLinecap="round" />
      <path d="M308 100V76M308 100l18 12" stroke={ART.amber} strokeWidth="6" strokeLinecap="round" />
    </ArtFrame>
  );
}
