import toast from 'react-hot-toast';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { saveBlob } from '@/lib/api/download';
import { qrPng, qrSvg } from './qr';
import { QrCode } from './qr-code';
import { qrLinkOf, useOwnReferralLink } from './referral-link';

const fileStem = 'referral-qr-code';

interface QrDialogProps {
  uuid: string;
  /** A campaign link to encode instead of the partner's own link. */
  link?: string;
  open: boolean;
  onClose: () => void;
}

/** The partner's QR code (tagged ?src=qr), to download as PNG or SVG for flyers and counters. */
export function QrDialog({ uuid, link: campaignLink, open, onClose }: QrDialogProps) {
  const ownLink = useOwnReferralLink(uuid);
  const link = qrLinkOf(campaignLink ?? ownLink);
  const downloadPng = async () => {
    try {
      saveBlob(await qrPng(link), `${fileStem}.png`);
    } catch (error) {
      console.error('QR code PNG failed', error);
      toast.error('Could not create the PNG. Try the SVG instead.');
    }
  };
  const downloadSvg = () => saveBlob(new Blob([qrSvg(link)], { type: 'image/svg+xml' }), `${fileStem}.svg`);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="QR code of your referral link"
      description="Print it on flyers or show it at the counter. Scans are counted as QR visits on your dashboard."
      footer={
        <>
          <Button variant="secondary" onClick={downloadSvg}>
            <DownloadIcon className="size-4" />
            Download SVG
          </Button>
          <Button onClick={() => void downloadPng()}>
            <DownloadIcon className="size-4" />
            Download PNG
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-3">
        <QrCode text={link} label="QR code of your referral link" className="size-56 rounded-lg border border-slate-200" />
        <p className="max-w-full break-all text-center text-xs text-slate-500">{link}</p>
      </div>
    </Dialog>
  );
}
