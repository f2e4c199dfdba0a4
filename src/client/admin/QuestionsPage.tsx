import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function QuestionsPage() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h4" component="h1">
        QuestionsPage
      </Typography>
    </Container>
  );
}
