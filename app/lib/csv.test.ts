import { describe, expect, it } from "vitest";
import { buildCsv, csvCell, csvRow, UTF8_BOM } from "./csv";

describe("csvCell", () => {
  it("writes plain text and numbers as they are", () => {
    expect(csvCell("سيارة تحكم")).toBe("سيارة تحكم");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("quotes cells holding a comma, a quote or a line break, doubling quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('15" screen')).toBe('"15"" screen"');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("\0=1")).toBe("'\0=1");
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("buildCsv", () => {
  it("starts with the UTF-8 BOM and ends every row with CRLF", () => {
    const csv = buildCsv(
      ["product", "qty"],
      [
        ["كرة", 3],
        ["a,b", 0],
      ],
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(`${UTF8_BOM}product,qty\r\nكرة,3\r\n"a,b",0\r\n`);
  });

  it("is only the header when there are no rows", () => {
    expect(buildCsv(["a", "b"], [])).toBe(`${UTF8_BOM}a,b\r\n`);
    expect(csvRow([])).toBe("");
  });
});
