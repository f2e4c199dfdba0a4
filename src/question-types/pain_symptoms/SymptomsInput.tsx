import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { visuallyHidden } from '@mui/utils';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BodyDiagram, SYMPTOM_DOT_COLORS, symptomDots } from '../../client/lib/body-diagram';
import '../../client/lib/symptoms/i18n';
import { SYMPTOM_FREQUENCIES, SYMPTOM_INTENSITIES, SYMPTOM_TRIGGERS } from '../../shared/constants';
import {
  SYMPTOM_GROUPS,
  SYMPTOM_POSITIONS,
  symptomColor,
  type SymptomName,
} from '../../shared/symptoms';
import { newEntryId } from '../entry-id';
import type { SurveyInputProps } from '../question-type.client';
import { EMPTY_SELECTION, entryOf, isStarted, type Selection } from './selection';
import type { SymptomEntry } from './shared';
import { SURVEY_TEXTS } from './survey-texts';

const STEPS = ['complaint', 'frequency', 'trigger', 'intensity'] as const;

/** The symptom list: a vertical stepper to record complaints, the list, and a body view. */
export default function SymptomsInput({ draft, onChange }: SurveyInputProps<'pain_symptoms'>) {
  const { t } = useTranslation(SURVEY_TEXTS);
  const { t: ts } = useTranslation('symptoms');
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [activeStep, setActiveStep] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [showBody, setShowBody] = useState(false);
  /** The complaint just added, confirmed in words (and to screen readers). */
  const [added, setAdded] = useState<SymptomName | null>(null);
  const symptoms = draft.symptoms;
  const change = (next: SymptomEntry[]) => onChange({ symptoms: next });

  const editing = symptoms.find((s) => s.id === editingId);
  const taken = new Set(symptoms.filter((s) => s.id !== editingId).map((s) => s.name));
  const started = isStarted(selection, editing);

  // The survey keeps the patient on this question while a complaint is half entered (the
  // selection lives here and would be lost); a fresh mount clears a word left from before.
  useEffect(() => {
    if (draft.symptomStarted !== started) onChange({ symptomStarted: started });
  }, [draft.symptomStarted, started, onChange]);
  const values: Record<(typeof STEPS)[number], string> = {
    complaint: selection.name,
    frequency: selection.frequency,
    trigger: selection.trigger,
    intensity: selection.intensity,
  };

  const reset = () => {
    setSelection(EMPTY_SELECTION);
    setEditingId(null);
    setActiveStep(0);
  };

  // A choice moves to the next step; the last one waits for "Add complaint". A radio chosen by
  // keyboard stays: arrowing through a step's choices picks each on the way, and the patient goes
  // on with "Next step" once at the one they mean.
  const choose = (patch: Partial<Selection>, step: number, advance = true) => {
    setAdded(null);
    setSelection((s) => ({ ...s, ...patch }));
    if (advance) setActiveStep(Math.min(step + 1, STEPS.length - 1));
  };
  const pointed = useRef(false);

  // A step that closes would take the keyboard's focus with it (to the page's start): it moves
  // to the step that opened (after "Add complaint" too, ready for the next complaint), when it
  // was in the stepper. Not on the first render.
  const stepper = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      return;
    }
    const focused = document.activeElement;
    if (focused !== document.body && !stepper.current?.contains(focused)) return;
    const open = stepper.current?.querySelector(`[data-step="${activeStep}"]`);
    const target =
      open?.querySelector<HTMLElement>('[role="combobox"]') ??
      open?.querySelector<HTMLElement>('input:checked') ??
      open?.querySelector<HTMLElement>('input');
    target?.focus();
  }, [activeStep]);

  const add = (entry: SymptomEntry) => {
    change([...symptoms, entry]);
    setAdded(entry.name);
    reset();
  };

  const update = (entry: SymptomEntry) => {
    change(symptoms.map((s) => (s.id === entry.id ? entry : s)));
    reset();
  };

  const edit = (entry: SymptomEntry) => {
    setAdded(null);
    setEditingId(entry.id);
    setSelection({
      name: entry.name,
      frequency: entry.frequency,
      trigger: entry.trigger,
      intensity: entry.intensity,
    });
    setActiveStep(0);
  };

  const remove = (id: string) => {
    setAdded(null);
    change(symptoms.filter((s) => s.id !== id));
    if (editingId === id) reset();
  };

  const radios = <T extends string>(
    step: number,
    name: 'frequency' | 'trigger' | 'intensity',
    options: readonly T[],
    labelKey: string,
  ) => (
    <RadioGroup
      aria-label={t(`steps.${STEPS[step]}`)}
      value={selection[name]}
      onPointerDown={() => (pointed.current = true)}
      onChange={(e) => {
        choose({ [name]: e.target.value } as Partial<Selection>, step, pointed.current);
        pointed.current = false;
      }}
    >
      {options.map((option) => (
        <FormControlLabel
          key={option}
          value={option}
          control={<Radio size="small" />}
          label={ts(`${labelKey}.${option}`)}
        />
      ))}
    </RadioGroup>
  );

  // What "Add complaint" or "Update complaint" would put in the list, once every step is chosen.
  const entered = entryOf(selection, editingId ?? '');
  const allChosen = !editingId && taken.size === Object.values(SYMPTOM_GROUPS).flat().length;
  const label = (entry: { name: string }) => ts(`names.${entry.name}`);
  const notOnBody = symptoms.filter((s) => !SYMPTOM_POSITIONS[s.name]);

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        {allChosen ? (
          <Typography>{t('allChosen')}</Typography>
        ) : (
          <>
            <Stepper ref={stepper} activeStep={activeStep} orientation="vertical">
              {STEPS.map((step, index) => (
                <Step key={step} completed={Boolean(values[step])}>
                  <StepLabel
                    optional={
                      values[step] ? (
                        <Typography variant="caption" color="text.secondary">
                          {index === 0
                            ? ts(`names.${values[step]}`)
                            : ts(
                                `${{ 1: 'frequencies', 2: 'triggers', 3: 'intensities' }[index]}.${values[step]}`,
                              )}
                        </Typography>
                      ) : undefined
                    }
                  >
                    {t(`steps.${step}`)}
                  </StepLabel>
                  <StepContent>
                    <Box sx={{ pt: 1 }} data-step={index}>
                      {index === 0 && (
                        <FormControl fullWidth size="small" sx={{ maxWidth: 420 }}>
                          <InputLabel id="symptom-complaint-label">
                            {t('chooseComplaint')}
                          </InputLabel>
                          <Select
                            labelId="symptom-complaint-label"
                            label={t('chooseComplaint')}
                            value={selection.name}
                            onChange={(e) => choose({ name: e.target.value as SymptomName }, 0)}
                            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 420 } } } }}
                          >
                            {Object.entries(SYMPTOM_GROUPS).flatMap(([group, names]) => {
                              const available = names.filter((n) => !taken.has(n));
                              if (available.length === 0) return [];
                              return [
                                // A heading to the eye only: in the listbox it would be read as
                                // one more complaint to choose.
                                <ListSubheader key={group} aria-hidden>
                                  {ts(`groups.${group}`)}
                                </ListSubheader>,
                                ...available.map((n) => (
                                  <MenuItem
                                    key={n}
                                    value={n}
                                    // Choosing the same complaint again (when editing) moves on too.
                                    onClick={() => n === selection.name && setActiveStep(1)}
                                  >
                                    {ts(`names.${n}`)}
                                  </MenuItem>
                                )),
                              ];
                            })}
                          </Select>
                        </FormControl>
                      )}
                      {index === 1 && radios(1, 'frequency', SYMPTOM_FREQUENCIES, 'frequencies')}
                      {index === 2 && radios(2, 'trigger', SYMPTOM_TRIGGERS, 'triggers')}
                      {index === 3 && radios(3, 'intensity', SYMPTOM_INTENSITIES, 'intensities')}
                      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                        {index > 0 && (
                          <Button size="small" onClick={() => setActiveStep(index - 1)}>
                            {t('back')}
                          </Button>
                        )}
                        {index < STEPS.length - 1 && values[step] && (
                          <Button size="small" onClick={() => setActiveStep(index + 1)}>
                            {t('continue')}
                          </Button>
                        )}
                      </Stack>
                    </Box>
                  </StepContent>
                </Step>
              ))}
            </Stepper>
            {(started || editing) && (
              <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
                {entered && (
                  <Button
                    variant="contained"
                    color="secondary"
                    onClick={() =>
                      editing ? update(entered) : add({ ...entered, id: newEntryId() })
                    }
                  >
                    {editing ? t('update') : t('add')}
                  </Button>
                )}
                <Button onClick={reset}>{editing ? t('cancel') : t('discard')}</Button>
              </Stack>
            )}
          </>
        )}
        {/* Always there, so the words are read out when they appear. */}
        <Typography role="status" variant="body2" sx={{ mt: added ? 2 : 0 }}>
          {added && t('added', { name: ts(`names.${added}`) })}
        </Typography>
      </Paper>

      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('recorded')}
        </Typography>
        {symptoms.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('noneRecorded')}
          </Typography>
        ) : (
          <List
            dense
            disablePadding
            data-testid="recorded-symptoms"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
          >
            {symptoms.map((entry, index) => (
              <ListItem
                key={entry.id}
                divider={index < symptoms.length - 1}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('delete', { name: label(entry) })}
                    onClick={() => remove(entry.id)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                {/* Named by what it shows, then what it does: voice control finds it by its text. */}
                <ListItemButton
                  selected={entry.id === editingId}
                  onClick={() => edit(entry)}
                  sx={{ pr: 7 }}
                >
                  <ListItemText
                    primary={label(entry)}
                    secondary={`${ts(`frequencies.${entry.frequency}`)} · ${ts(`triggers.${entry.trigger}`)}`}
                    slotProps={{ secondary: { component: 'span' } }}
                  />
                  <Chip
                    size="small"
                    label={ts(`intensities.${entry.intensity}`)}
                    sx={{
                      ml: 1,
                      bgcolor: SYMPTOM_DOT_COLORS[symptomColor(entry.intensity)],
                      color: entry.intensity === 'mittel' ? 'common.black' : 'common.white',
                    }}
                  />
                  <Box component="span" sx={visuallyHidden}>
                    {t('edit')}
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>

      {symptoms.length > 0 && (
        <Box>
          <Button
            variant="outlined"
            startIcon={showBody ? <VisibilityOffIcon /> : <VisibilityIcon />}
            onClick={() => setShowBody((v) => !v)}
            aria-expanded={showBody}
          >
            {showBody ? t('hideVisualization') : t('showVisualization')}
          </Button>
          {showBody && (
            <Box sx={{ mt: 2 }}>
              <Stack
                direction="row"
                sx={{ justifyContent: 'center', gap: 3, flexWrap: 'wrap' }}
                data-testid="symptom-visualization"
              >
                {(['front', 'side'] as const).map((view) => (
                  <Stack key={view} spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="caption" color="text.secondary">
                      {ts(`views.${view}`)}
                    </Typography>
                    <BodyDiagram
                      view={view}
                      alt={ts(`bodyAlt.${view}`)}
                      height={{ xs: '50vh', md: '60vh' }}
                      dots={symptomDots(symptoms, view, (s) =>
                        t('dotLabel', {
                          name: label(s),
                          intensity: ts(`intensities.${s.intensity}`),
                        }),
                      )}
                    />
                  </Stack>
                ))}
              </Stack>
              {notOnBody.length > 0 && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 1, textAlign: 'center' }}
                >
                  {t('notOnBody', { names: notOnBody.map(label).join(', ') })}
                </Typography>
              )}
            </Box>
          )}
        </Box>
      )}
    </Stack>
  );
}
