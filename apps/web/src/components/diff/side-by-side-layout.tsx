import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "@/components/document-parts-locale";

/** The two versions' names, and the diff's lines. */
interface LabelledVersions {
  fromLabel: string;
  toLabel: string;
  children: ReactNode;
}

/** Below 768 px: one column, old line above new, under a sticky key to the two versions. */
export function StackedColumn({ fromLabel, toLabel, children }: LabelledVersions) {
  return (
    <div className="font-mono text-xs leading-5" data-testid="diff-stacked">
      <p className="sticky top-0 z-10 bg-muted px-2 py-1.5 font-sans text-xs font-medium">
        − {fromLabel} · + {toLabel}
      </p>
      {children}
    </div>
  );
}

/** The four-column table (old number, old text, new number, new text); `children` are its rows. */
export function SplitTable({ fromLabel, toLabel, children }: LabelledVersions) {
  const { t } = useTranslation("document-parts");
  return (
    <table className="w-full min-w-[36rem] table-fixed border-collapse font-mono text-xs leading-5">
      <caption className="sr-only">{t("diff.caption", { from: fromLabel, to: toLabel })}</caption>
      <colgroup>
        <col className="w-12" />
        <col />
        <col className="w-12" />
        <col />
      </colgroup>
      <thead className="sticky top-0 z-10 bg-muted text-left font-sans text-xs">
        <tr>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            <span className="sr-only">{t("diff.lineIn", { version: fromLabel })}</span>#
          </th>
          <th scope="col" className="border-r px-2 py-1.5 font-medium">
            {fromLabel}
          </th>
          <th scope="col" className="px-2 py-1.5 text-right font-medium">
            <span className="sr-only">{t("diff.lineIn", { version: toLabel })}</span>#
          </th>
          <th scope="col" className="px-2 py-1.5 font-medium">
            {toLabel}
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
