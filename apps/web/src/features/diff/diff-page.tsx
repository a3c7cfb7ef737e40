import { useParams } from "wouter";
import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function DiffPage() {
  const { fromVersion, toVersion } = useParams<{ fromVersion: string; toVersion: string }>();
  return (
    <ScreenPlaceholder
      title="Version comparison"
      description={`v${fromVersion} → v${toVersion}`}
      arrivesWith="the version comparison work"
    />
  );
}
