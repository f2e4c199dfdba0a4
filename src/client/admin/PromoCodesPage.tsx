import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function PromoCodesPage() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h4" component="h1">
        PromoCodesPage
      </Typography>
    </Container>
  );
}
