import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PlainButton } from '../../../components/plain/plain-controls.tsx';
import { PlainResult } from '../../../components/plain/plain-result.tsx';
import { PageTitle } from '../components/page-title.tsx';

/**
 * Spec §2 /track and /yesstyleTrack/{trackingNumber?}: the public tracking page. Tracking itself
 * arrives in a later issue; until then the page says so, with the number it was opened for.
 */
export function TrackingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // /yesstyleTrack/<number>, and whatever follows it, name the parcel
  const number = useParams()['*']?.split('/')[0]?.trim().slice(0, 64) || null;
  return (
    <>
      <PageTitle>{t('auth.tracking.title')}</PageTitle>
      <PlainResult
        status="info"
        level={3}
        title={t('auth.tracking.comingSoon')}
        description={
          <>
            {number && (
              <div data-testid="tracking-number" style={{ fontWeight: 600, marginBottom: 4 }}>
                {t('auth.tracking.number', { number })}
              </div>
            )}
            {t('auth.tracking.description')}
          </>
        }
        extra={
          <PlainButton onClick={() => void navigate('/user/login')} data-testid="tracking-sign-in">
            {t('auth.tracking.signIn')}
          </PlainButton>
        }
      />
    </>
  );
}
