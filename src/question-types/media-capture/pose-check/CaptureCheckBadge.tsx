import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { captureCheckOf } from '../../../shared/contracts/capture-check';
import { POSE_CHECK_ADMIN_TEXTS } from './admin-texts';

const percent = (value: number) => Math.round(value * 100);

/**
 * The capture assistant's verdict on a photo or video (issue 31): "pose confirmed" or "taken
 * without confirmation", with the head angles it measured. Nothing for an answer without a check
 * (a chosen file, an older answer, a device where the check could not run).
 */
export function CaptureCheckBadge({ value }: { value: unknown }) {
  const { t } = useTranslation(POSE_CHECK_ADMIN_TEXTS);
  const check = captureCheckOf(value);
  if (!check) return null;
  const details = [
    check.yaw !== null && check.pitch !== null && check.roll !== null
      ? t('angles', {
          yaw: Math.round(check.yaw),
          pitch: Math.round(check.pitch),
          roll: Math.round(check.roll),
        })
      : null,
    check.mouthOpening !== null ? t('mouth', { value: percent(check.mouthOpening) }) : null,
    check.faceSize !== null ? t('faceSize', { value: percent(check.faceSize) }) : null,
    check.shareInPose !== null ? t('share', { value: percent(check.shareInPose) }) : null,
  ].filter(Boolean);
  return (
    <Box data-testid="capture-check" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      <Chip
        size="small"
        color={check.confirmed ? 'success' : 'warning'}
        variant="outlined"
        icon={check.confirmed ? <CheckCircleIcon /> : <WarningAmberIcon />}
        label={check.confirmed ? t('confirmed') : t('notConfirmed')}
        // Orange text on white reads at 3.4:1; the words stay dark, the outline and icon orange.
        sx={{ alignSelf: 'flex-start', '& .MuiChip-label': { color: 'text.primary' } }}
      />
      {details.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {details.join(' · ')}
        </Typography>
      )}
    </Box>
  );
}
