import { ART, ArtFrame } from './ArtFrame';

/** Candles of the chart: x, wick top, body top, body bottom, wick bottom, rising or falling. */
const CANDLES: ReadonlyArray<readonly [number, number, number, number, number, boolean]> = [
  [70, 150, 165, 215, 235, true],
  [115, 120, 140, 185, 200, false],
  [160, 130, 145, 200, 215, true],
  [205, 95, 110, 160, 180, true],
  [250, 105, 120, 150, 170, false],
  [295, 60, 80, 135, 150, true],
];

/** Illustration: a candlestick chart with up/down calls (Binary and Forex trading). */
export function TradingArt() {
  return (
    <ArtFrame>
      {CANDLES.map(([x, top, bodyTop, bodyBottom, bottom, up]) => (
        <g key={x} stroke={up ? ART.green : ART.red} fill={up ? ART.green : ART.red}>
          <path d={`M${x} ${top}V${bottom}`} strokeWidth="3" />
          <rect x={x - 11} y={bodyTop} width="22" height={bodyBottom - bodyTop} rx="4" strokeWidth="0" />
        </g>
      ))}
      <rect x="300" y="185" width="70" height="34" rx="17" fill={ART.green} />
      <path d="M322 208l13-12 13 12" fill="none" stroke={ART.ink} strokeWidth="4" strokeLinecap="round" />
      <rect x="300" y="232" width="70" height="34" rx="17" fill={ART.red} />
      <path d="M322 243l13 12 13-12" fill="none" stroke={ART.ink} strokeWidth="4" strokeLinecap="round" />
    </ArtFrame>
  );
}
