import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function SurveyPage() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h4" component="h1">
        SurveyPage
      </Typography>
    </Container>
  );
}
