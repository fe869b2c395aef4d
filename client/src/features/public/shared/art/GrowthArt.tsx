import { ART, ArtFrame } from './ArtFrame';

/** Illustration: bars and a rising profit line with a coin (investment growth). */
export function GrowthArt() {
  return (
    <ArtFrame>
      <g fill={ART.line}>
        <rect x="70" y="190" width="34" height="40" rx="6" />
        <rect x="130" y="160" width="34" height="70" rx="6" />
        <rect x="190" y="172" width="34" height="58" rx="6" />
        <rect x="250" y="125" width="34" height="105" rx="6" />
        <rect x="310" y="95" width="34" height="135" rx="6" />
      </g>
      <polyline
        points="60,200 125,150 200,168 262,112 336,70"
        fill="none"
        stroke={ART.teal}
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="336" cy="70" r="11" fill={ART.mint} />
      <circle cx="100" cy="92" r="40" fill={ART.amber} />
      <circle cx="100" cy="92" r="28" fill="none" stroke={ART.ink} strokeOpacity="0.35" strokeWidth="5" />
      <path
        d="M92 74v36M104 74v36M88 80h18a7 7 0 0 1 0 13H88h20a7 7 0 0 1 0 13H88"
        fill="none"
        stroke={ART.ink}
        strokeOpacity="0.55"
        strokeWidth="4"
        strokeLinejoin="round"
      />
    </ArtFrame>
  );
}
