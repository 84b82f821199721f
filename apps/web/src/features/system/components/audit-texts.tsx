import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@portal/shared/system-sessions';

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** A resource of the audit log in the reader's language; one this screen does not know yet as written. */
export function ResourceText({ resource }: { resource: string }) {
  const { t } = useTranslation('system-logs');
  return <>{isOneOf(AUDIT_RESOURCES, resource) ? t(`auditLog.resources.${resource}`) : resource}</>;
}

/** An action of the audit log in the reader's language; one this screen does not know yet as written. */
export function ActionText({ action }: { action: string }) {
  const { t } = useTranslation('system-logs');
  return <>{isOneOf(AUDIT_ACTIONS, action) ? t(`auditLog.actions.${action}`) : action}</>;
}
