import { ART, ArtFrame } from './ArtFrame';

/** Nodes of the network around the globe. */
const NODES: ReadonlyArray<readonly [number, number]> = [
  [70, 70],
  [330, 80],
  [345, 225],
  [60, 215],
];

/** Illustration: a globe linked to investors around it (a worldwide platform). */
export function GlobeArt() {
  return (
    <ArtFrame>
      <g stroke={ART.sky} strokeOpacity="0.6" strokeWidth="2" strokeDasharray="4 8">
        {NODES.map(([x, y]) => (
          <path key={x} d={`M200 150L${x} ${y}`} />
        ))}
      </g>
      <circle cx="200" cy="150" r="92" fill={ART.teal} />
      <g fill="none" stroke={ART.ink} strokeOpacity="0.45" strokeWidth="4">
        <ellipse cx="200" cy="150" rx="40" ry="92" />
        <path d="M108 150h184M122 104h156M122 196h156M200 58v184" />
      </g>
      {NODES.map(([x, y], i) => (
        <g key={x}>
          <circle cx={x} cy={y} r="22" fill={i % 2 ? ART.amber : ART.mint} />
          <circle cx={x} cy={y - 4} r="7" fill={ART.ink} fillOpacity="0.55" />
          <path d={`M${x - 11} ${y + 13}a11 9 0 0 1 22 0`} fill={ART.ink} fillOpacity="0.55" />
        </g>
      ))}
    </ArtFrame>
  );
}
