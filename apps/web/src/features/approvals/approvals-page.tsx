import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function ApprovalsPage() {
  return (
    <ScreenPlaceholder
      title="Approval Dashboard"
      description="Monitor and manage document approval workflows"
      arrivesWith="the approvals work"
    />
  );
}
