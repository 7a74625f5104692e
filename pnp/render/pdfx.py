"""A `--cmyk` PDF identified as PDF/X: the press profile as its OutputIntent, the version keys.

Takes the reportlab canvas just before it is saved, the press (pnp/render/press.py) and whether
anything on its pages is transparent; writes into the document:

- the OutputIntent (GTS_PDFX) with the press's ICC profile as its destination profile, so a viewer
  or RIP reads every DeviceCMYK number as that printing condition (without one, poppler,
  Ghostscript and MuPDF each showed other colours);
- PDF/X-1a:2001 (PDF 1.3) when nothing is transparent, else PDF/X-4 (PDF 1.6, which keeps an
  image's alpha and an element's opacity live rather than flattened): the Info dictionary's
  GTS_PDFXVersion (and GTS_PDFXConformance for X-1a), `Trapped` False, and for X-4 the XMP
  metadata that names the version, with the Info dictionary's title and dates.

Every page already has a TrimBox (pnp/render/pdf.py gives one to a page without pieces) and every
font is embedded as a subset, each subset with a tag of its own (pnp/render/pdf.py).
"""
from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfdoc

REGISTRY = "http://www.color.org"


def identify(canvas, press, transparent: bool) -> str:
    """Write the OutputIntent and the PDF/X keys into `canvas`'s document; the version written."""
    doc = canvas._doc
    version = "PDF/X-4" if transparent else "PDF/X-1a:2001"
    doc._pdfVersion = (1, 6) if transparent else (1, 3)
    profile = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 4}), press.icc, filters=[pdfdoc.PDFZCompress])
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(press.condition),
        "OutputCondition": pdfdoc.PDFString(press.name),
        "RegistryName": pdfdoc.PDFString(REGISTRY), "Info": pdfdoc.PDFString(press.name),
        "DestOutputProfile": doc.Reference(profile, "pnp:DestOutputProfile")})
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
    info = _Info()
    info.__dict__.update(doc.info.__dict__)
    info.extra = {"GTS_PDFXVersion": "PDF/X-4"} if transparent else \
        {"GTS_PDFXVersion": "PDF/X-1:2001", "GTS_PDFXConformance": "PDF/X-1a:2001"}
    doc.info = info
    if transparent:
        catalog.Metadata = pdfdoc.PDFStream(
            pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Metadata"), "Subtype": pdfdoc.PDFName("XML")}),
            _xmp(info.title, info.creator, info.producer, doc._timeStamp), filters=[])
    return version


class _Info(pdfdoc.PDFInfo):
    """reportlab's Info dictionary with the PDF/X keys beside its own."""

    extra: dict = {}

    def format(self, document):
        own = {"Title": pdfdoc.PDFString(self.title), "Author": pdfdoc.PDFString(self.author),
               "Producer": pdfdoc.PDFString(self.producer), "Creator": pdfdoc.PDFString(self.creator),
               "Subject": pdfdoc.PDFString(self.subject), "Keywords": pdfdoc.PDFString(self.keywords),
               "Trapped": pdfdoc.PDFName(self.trapped)}
        own["ModDate"] = own["CreationDate"] = pdfdoc.PDFDate(ts=document._timeStamp,
                                                              dateFormatter=self._dateFormatter)
        own.update({k: pdfdoc.PDFString(v) for k, v in self.extra.items()})
        return pdfdoc.PDFDictionary(own).format(document)


def _xmp(title: str, creator: str, producer: str, ts) -> bytes:
    """The XMP packet of a PDF/X-4: its version, title, tool and dates (the Info dictionary's,
    from the same reportlab TimeStamp)."""
    when = "%04d-%02d-%02dT%02d:%02d:%02d" % ts.YMDhms + "%+03d:%02d" % (ts.dhh, ts.dmm)
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <dc:format>application/pdf</dc:format>
   <xmp:CreatorTool>{escape(creator)}</xmp:CreatorTool>
   <xmp:CreateDate>{when}</xmp:CreateDate>
   <xmp:ModifyDate>{when}</xmp:ModifyDate>
   <xmp:MetadataDate>{when}</xmp:MetadataDate>
   <pdf:Producer>{escape(producer)}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode("utf-8")
