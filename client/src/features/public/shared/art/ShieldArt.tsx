import { ART, ArtFrame } from './ArtFrame';

/** Illustration: a shield with a lock inside orbiting transfers (secure deposits and withdrawals). */
export function ShieldArt() {
  return (
    <ArtFrame>
      <ellipse
        cx="200"
        cy="150"
        rx="150"
        ry="62"
        fill="none"
        stroke={ART.sky}
        strokeOpacity="0.5"
        strokeWidth="2"
        strokeDasharray="6 10"
      />
      <path d="M200 52l78 30v58c0 48-33 80-78 96-45-16-78-48-78-96V82z" fill={ART.teal} />
      <path d="M200 70l60 23v47c0 37-25 62-60 75-35-13-60-38-60-75V93z" fill={ART.ink} fillOpacity="0.25" />
      <rect x="170" y="135" width="60" height="48" rx="8" fill={ART.mint} />
      <path d="M182 135v-14a18 18 0 0 1 36 0v14" fill="none" stroke={ART.mint} strokeWidth="8" />
      <circle cx="200" cy="156" r="7" fill={ART.ink} />
      <path d="M200 160v12" stroke={ART.ink} strokeWidth="5" strokeLinecap="round" />
      <circle cx="58" cy="150" r="20" fill={ART.amber} />
      <path d="M50 150h16M60 143l7 7-7 7" fill="none" stroke={ART.ink} strokeWidth="4" strokeLinecap="round" />
      <circle cx="342" cy="150" r="20" fill={ART.green} />
      <path d="M350 150h-16M340 143l-7 7 7 7" fill="none" stroke={ART.ink} strokeWidth="4" strokeLinecap="round" />
    </ArtFrame>
  );
}
