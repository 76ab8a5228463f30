import type { DigitalSourceType } from '@pictura/contract';
import { escapeXml } from '../../lib/index.js';

/**
 * IPTC's digital source types (cv.iptc.org/newscodes/digitalsourcetype): a picture made by a
 * trained model, or an edit that combines one with other material. The EU AI Act (Article 50) asks
 * that such pictures be marked as AI-made in a machine-readable way; this is the mark readers know.
 */
export const DIGITAL_SOURCE_TYPE_URIS: Readonly<Record<DigitalSourceType, string>> = {
  trainedAlgorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  compositeWithTrainedAlgorithmicMedia:
    'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
};

/** What a picture file says about itself, written into it as XMP. */
export interface PictureMarks {
  title: string;
  /** Who made it: the shop. */
  creator: string;
  copyright: string;
  digitalSourceType: DigitalSourceType;
  licenceName: string;
  /** Where the licence's terms are read. */
  licenceUrl: string;
  /** For a download: the order it was bought in (or the generation that made it); never on a preview. */
  orderReference?: string;
}

const languageAlternative = (text: string) =>
  `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;

/**
 * The XMP packet of a picture: title, creator and copyright (Dublin Core), the licence's name and
 * web statement (XMP Rights), the licensor's URL (PLUS), the digital source type (IPTC Extension)
 * and, for a download, the order reference as IPTC's job identifier.
 */
export function xmpPacket(marks: PictureMarks): string {
  const order = marks.orderReference
    ? `\n    <photoshop:TransmissionReference>${escapeXml(marks.orderReference)}</photoshop:TransmissionReference>`
    : '';
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:plus="http://ns.useplus.org/ldf/xmp/1.0/"
    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">
    <dc:title>${languageAlternative(marks.title)}</dc:title>
    <dc:creator><rdf:Seq><rdf:li>${escapeXml(marks.creator)}</rdf:li></rdf:Seq></dc:creator>
    <dc:rights>${languageAlternative(marks.copyright)}</dc:rights>
    <xmpRights:Marked>True</xmpRights:Marked>
    <xmpRights:UsageTerms>${languageAlternative(marks.licenceName)}</xmpRights:UsageTerms>
    <xmpRights:WebStatement>${escapeXml(marks.licenceUrl)}</xmpRights:WebStatement>
    <plus:Licensor><rdf:Seq><rdf:li rdf:parseType="Resource"><plus:LicensorName>${escapeXml(marks.creator)}</plus:LicensorName><plus:LicensorURL>${escapeXml(marks.licenceUrl)}</plus:LicensorURL></rdf:li></rdf:Seq></plus:Licensor>
    <Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPE_URIS[marks.digitalSourceType]}</Iptc4xmpExt:DigitalSourceType>${order}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
