import QRCode from 'qrcode';

const cache = new Map<string, Promise<string>>();

/**
 * A QR code of `text` as an SVG data URL (no external service, works offline). Deposit
 * addresses are few and fixed per process, so each is drawn once and kept.
 */
export function qrDataUrl(text: string): Promise<string> {
  let url = cache.get(text);
  if (!url) {
    url = QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    );
    cache.set(text, url);
  }
  return url;
}

/** The wallet's own QR image when the operator gave one, else one drawn from its address. */
export function walletQrCode(wallet: { address: string; imageUrl: string | null }): Promise<string> {
  return wallet.imageUrl ? Promise.resolve(wallet.imageUrl) : qrDataUrl(wallet.address);
}
